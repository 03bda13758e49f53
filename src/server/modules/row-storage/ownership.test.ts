import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Row storage owns every statement on the rows (docs/architecture.md): no server file outside it
 * names the rows table, its Drizzle table, a partition or the rows' duplicate labels, so another module can reach the rows
 * only through row storage's named calls.
 */
const serverDir = join(import.meta.dirname, '..', '..')
const OWNERS = [join('modules', 'row-storage') + sep, join('db', 'schema') + sep]
const ROW_TABLE = /\bcsv_rows\b|\bcsvRows\b|\bpartitionName\b|\browsFrom\b|\bcsv_row_duplicate_keys\b|\bcsvRowDuplicateKeys\b/

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

describe('row storage ownership', () => {
  it('finds the rows table named only inside row storage and the schema', () => {
    const files = sourceFiles(serverDir)
    // The walk found the server's files, and the owner's are among them: the check is not vacuous.
    expect(files.some((file) => file.endsWith(join('row-storage', 'row-cells.ts')))).toBe(true)
    const outside = files
      .map((file) => relative(serverDir, file))
      .filter((file) => !OWNERS.some((owner) => file.startsWith(owner)))
      .filter((file) => ROW_TABLE.test(readFileSync(join(serverDir, file), 'utf8')))
    expect(outside).toEqual([])
  })
})
