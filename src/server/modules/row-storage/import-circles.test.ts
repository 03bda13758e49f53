import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Row storage's files import each other one way (CONVENTIONS 18): the compilers (formula-sql.ts,
 * plan-sql.ts, view-sql.ts) build SQL and run none; the readers and writers run it. Issue 41 found
 * formula-sql.ts running a query through row-reader.ts, which uses plan-sql.ts, which uses
 * formula-sql.ts: a circle. This reads the files' relative imports and finds no circle.
 */
const dir = import.meta.dirname
const files = readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
const IMPORT = /^import\s[^;]*?from\s+'\.\/([\w.-]+\.ts)'/gm

const importsOf = (file: string) => [...readFileSync(join(dir, file), 'utf8').matchAll(IMPORT)].map((match) => match[1]!).filter((name) => files.includes(name))

/** A circle of imports starting from `file`, as the files in order, or null. */
function circleFrom(file: string, path: string[] = []): string[] | null {
  if (path.includes(file)) return [...path.slice(path.indexOf(file)), file]
  for (const next of importsOf(file)) {
    const circle = circleFrom(next, [...path, file])
    if (circle) return circle
  }
  return null
}

describe('row storage imports', () => {
  it('reads the imports of its files', () => {
    expect(importsOf('plan-sql.ts')).toContain('formula-sql.ts')
  })

  it('has no circle of imports', () => {
    expect(files.flatMap((file) => circleFrom(file) ?? [])).toEqual([])
  })

  it('keeps the formula compiler a compiler: it imports no reader or writer', () => {
    expect(importsOf('formula-sql.ts').filter((name) => /reader|writer|cells|append/.test(name))).toEqual([])
  })
})
