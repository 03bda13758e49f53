import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formulaColumnsOf, parseFormula } from '#common/formula/parse'
import { duplicatesPreviewSchema, removeDuplicatesResultSchema } from '#common/schemas/duplicates'
import { queryRows } from '#server/db/query-rows'
import { createTestApp, type TestApp, type TestBrowser } from '#server/test/test-app'
import { readJson } from '#server/test/contract'
import { labelsJobDone } from '#server/test/duplicate-labels'
import { csvOf, getUploadDetail, importCsv } from '#server/test/upload-helpers'
import { compareValueSql } from './duplicates-sql.ts'
import { formulaTextSql } from './formula-sql.ts'
import { rowsFrom, storedColumnsOf } from './row-reader.ts'

/**
 * Decision 032, rule 4: whole-file work runs a slice of rows per statement, so a grid page asked
 * for while it runs is answered between two slices, not after the whole file (on PGlite one
 * statement holds every request). And the slices give what one statement over the file gave.
 */

const ROWS = 60_000
let t: TestApp
let alice: TestBrowser
let id: string

beforeAll(async () => {
  t = await createTestApp({}, { withWorkers: true })
  ;({ browser: alice } = await t.signUpVerified())
  await t.startTrial(alice)
  id = await importCsv(
    alice,
    'large.csv',
    csvOf(
      ['Email', 'Website', 'Country', 'Notes'],
      Array.from({ length: ROWS }, (_, i) => [`P${i % 45_000}@x.io`, `https://www.site${i % 30_000}.io/a`, i % 7 === 0 ? '' : i % 2 ? 'UK' : 'FR', i % 3 === 0 ? 'called' : '']),
    ),
  )
  // The labels job the import sends (PGlite) runs first: the bounds below are for the work tested.
  await labelsJobDone(id, 120_000)
}, 240_000)
afterAll(async () => {
  await t?.close()
})

/** Asks for a grid page every 20 ms until `work` ends: its result and how long each page took. */
async function pagesWhile<T>(work: Promise<T>): Promise<{ result: T; waits: number[] }> {
  let done = false
  const settled = work.finally(() => (done = true))
  const waits: number[] = []
  while (!done) {
    const started = performance.now()
    const res = await alice.api.uploads[':id'].rows.$get({ param: { id }, query: { page: '3', perPage: '50' } })
    expect(res.status).toBe(200)
    waits.push(performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  if (process.env.SLICES_LOG) console.warn(`pages: ${waits.length}, slowest ${Math.round(Math.max(...waits))} ms`)
  return { result: await settled, waits }
}

/** A slice is 2,000 row indexes on PGlite (about 0.1 s on a quiet machine, up to 2 s seen at load 15 on 2 cores). */
const BOUND_MS = 3000

/** The repeats as the one statement over the file that the slices replaced found them (the reference). */
async function duplicatesInOneStatement(key: string, kind: 'email' | 'text'): Promise<number[]> {
  const value = compareValueSql({ key, kind })
  const filled = sql`(SELECT count(*) FROM jsonb_each_text(data) AS cell WHERE btrim(cell.value) <> '')`
  const rows = await queryRows<{ row_index: number }>(sql`
    SELECT row_index FROM (SELECT row_index, row_number() OVER (PARTITION BY ${value} ORDER BY ${filled} DESC, row_index) AS rank
      FROM ${rowsFrom(id)} WHERE upload_id = ${id} AND ${value} <> '') AS ranked
    WHERE rank > 1 ORDER BY row_index`)
  return rows.map((row) => Number(row.row_index))
}

const keyOf = async (name: string) => (await storedColumnsOf(id)).find((column) => column.name === name)!.key

describe('whole-file work in slices', () => {
  it('adds a formula column over every row while grid pages are answered, with the values one UPDATE gave', async () => {
    const formula = 'UPPER({Country}) & "-" & DOMAIN({Website})'
    const { result: res, waits } = await pagesWhile(alice.api.uploads[':id'].columns.$post({ param: { id }, json: { name: 'Place', formula } }))
    expect(res.status, await res.clone().text()).toBe(201)
    const { key } = (await res.json()) as { key: string }
    expect(waits.length).toBeGreaterThan(2)
    expect(Math.max(...waits)).toBeLessThan(BOUND_MS)

    const columns = await storedColumnsOf(id)
    const parsed = parseFormula(formula, formulaColumnsOf(columns.map((column) => ({ ...column, kind: 'source' as const, formula: null }))))
    if (!parsed.ok) throw new Error(parsed.error.message)
    const sources = columns.filter((column) => column.key !== key)
    const [check] = await queryRows<{ rows: number | string; differ: number | string; filled: number | string }>(sql`
      SELECT count(*) AS rows, count(*) FILTER (WHERE (data ->> ${key}::text) IS DISTINCT FROM ${formulaTextSql(parsed.ast, sources)}) AS differ,
        count(data ->> ${key}::text) AS filled
      FROM ${rowsFrom(id)} WHERE upload_id = ${id}`)
    expect(Number(check!.rows)).toBe(ROWS)
    expect(Number(check!.differ)).toBe(0)
    expect(Number(check!.filled)).toBe(ROWS)
  }, 240_000)

  it('removes duplicates while grid pages are answered, the rows one statement over the file found', async () => {
    const email = await keyOf('Email')
    const expected = await duplicatesInOneStatement(email, 'email')
    expect(expected.length).toBe(ROWS - 45_000)

    const preview = await readJson(
      await alice.api.uploads[':id'].duplicates.preview.$post({ param: { id }, json: { columns: [email], keep: 'most_complete' } }),
      duplicatesPreviewSchema,
    )
    expect(preview.rowIndexes).toEqual(expected)
    expect(preview.groups).toBe(ROWS - 45_000)

    const { result: res, waits } = await pagesWhile(
      alice.api.uploads[':id'].duplicates.remove.$post({ param: { id }, json: { columns: [email], keep: 'most_complete', expectedCount: expected.length } }),
    )
    expect(res.status, await res.clone().text()).toBe(200)
    expect(await readJson(res, removeDuplicatesResultSchema)).toEqual({ deleted: expected.length, totalRows: 45_000 })
    expect(waits.length).toBeGreaterThan(2)
    expect(Math.max(...waits)).toBeLessThan(BOUND_MS)

    const gone = new Set(expected)
    const left = await queryRows<{ row_index: number }>(sql`SELECT row_index FROM ${rowsFrom(id)} WHERE upload_id = ${id} ORDER BY row_index`)
    expect(left.map((row) => Number(row.row_index))).toEqual(Array.from({ length: ROWS }, (_, i) => i).filter((i) => !gone.has(i)))
    const detail = await getUploadDetail(alice, id)
    expect(detail.qualityMetrics?.duplicates?.columns.find((column) => column.name === 'Email')?.rows).toBe(0)
  }, 240_000)
})
