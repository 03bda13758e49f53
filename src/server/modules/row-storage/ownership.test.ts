import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Row storage owns every statement on the rows (docs/architecture.md): no server file outside it
 * names the rows table, its Drizzle table, a partition or the rows' duplicate labels and groups, so another module can reach the rows
 * only through row storage's named calls. It is also the one writer of the AI cells (`ai-cells.ts`)
 * and of the columns (`column-store.ts`): other modules read them, but write them only through it.
 */
const serverDir = join(import.meta.dirname, '..', '..')
const OWNERS = [join('modules', 'row-storage') + sep, join('db', 'schema') + sep]
const ROW_TABLE = /\bcsv_rows\b|\bcsvRows\b|\bpartitionName\b|\browsFrom\b|\bcsv_row_duplicate_keys\b|\bcsvRowDuplicateKeys\b|\bcsv_duplicate_groups\b|\bcsvDuplicateGroups\b/
/** A write of the AI cells or the columns, in SQL text or through Drizzle's builder. */
const CELL_OR_COLUMN_WRITE =
  /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(?:ai_cells|upload_columns)\b|\.(?:insert|update|delete)\(\s*(?:aiCells|uploadColumns)\s*\)/i

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

const outsideOwners = (pattern: RegExp) =>
  sourceFiles(serverDir)
    .map((file) => relative(serverDir, file))
    .filter((file) => !OWNERS.some((owner) => file.startsWith(owner)))
    .filter((file) => pattern.test(readFileSync(join(serverDir, file), 'utf8')))

describe('row storage ownership', () => {
  it('finds the rows table named only inside row storage and the schema', () => {
    const files = sourceFiles(serverDir)
    // The walk found the server's files, and the owner's are among them: the check is not vacuous.
    expect(files.some((file) => file.endsWith(join('row-storage', 'row-cells.ts')))).toBe(true)
    expect(outsideOwners(ROW_TABLE)).toEqual([])
  })

  it('finds AI cells and columns written only inside row storage', () => {
    // The pattern sees the owner's own writes (SQL text and Drizzle's builder): the check is not vacuous.
    const owners = ['ai-cells.ts', 'column-store.ts'].map((name) => readFileSync(join(serverDir, 'modules', 'row-storage', name), 'utf8'))
    expect(owners.every((text) => CELL_OR_COLUMN_WRITE.test(text))).toBe(true)
    expect(CELL_OR_COLUMN_WRITE.test('await tx.update(aiCells).set({})')).toBe(true)
    expect(CELL_OR_COLUMN_WRITE.test('sql`DELETE FROM upload_columns WHERE`')).toBe(true)
    expect(outsideOwners(CELL_OR_COLUMN_WRITE)).toEqual([])
  })
})
