import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { identifyingColumnsOf } from '#common/schemas/duplicates'
import { db } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { csvUploads } from '#server/db/schema/index'
import { duplicateLabelName } from '#server/modules/row-storage/duplicate-labels'
import { compareValueSql, countDuplicates } from '#server/modules/row-storage/duplicates-sql'
import { RowFacts, type DateEvidence } from '#server/modules/row-storage/row-facts'
import { rowsFrom, storedColumnsOf } from '#server/modules/row-storage/row-reader'
import { cellSql, cellText } from '#server/modules/row-storage/view-sql'
import { createTestApp, type TestApp, type TestBrowser } from '#server/test/test-app'
import { csvOf, postUpload, waitUntilDone } from '#server/test/upload-helpers'
import { labelsJobDone } from '#server/test/duplicate-labels'
import { dateColumnsOf } from './lib/infer-column-types.ts'
import { readRecords } from './lib/read-csv.ts'
import { corpusDir } from './lib/test-files.ts'

/**
 * Issue 42: what the import learns about the rows is gathered in one pass while they stream
 * (`row-facts.ts`), not by SQL scans after the COPY. Each file here is imported through the real
 * endpoint, then the scans the import used to run are run on its rows and must give the same:
 * the duplicate figures (`countDuplicates`), every row's duplicate labels (the old refresh's window
 * over the compared values; COPYed by the import on PostgreSQL, written by the labels job's slices
 * on PGlite), and each date column's day/month evidence.
 */

let t: TestApp
let browser: TestBrowser

beforeAll(async () => {
  t = await createTestApp({}, { withWorkers: true })
  ;({ browser } = await t.signUpVerified())
  await t.startTrial(browser)
})
afterAll(async () => {
  await t?.close()
})

/** The old scan of a date column's evidence (the import's `dateOrderEvidence` before issue 42). */
async function scannedDateEvidence(uploadId: string, key: string): Promise<DateEvidence> {
  const m = 'm'
  const dayOnly = `${m}[1]::integer BETWEEN 13 AND 31 AND ${m}[3]::integer BETWEEN 1 AND 12`
  const monthOnly = `${m}[3]::integer BETWEEN 13 AND 31 AND ${m}[1]::integer BETWEEN 1 AND 12`
  const [row] = await queryRows<Record<string, string | number | null>>(sql`
    SELECT count(${sql.raw(m)}) AS n, count(*) FILTER (WHERE ${sql.raw(dayOnly)}) AS d, count(*) FILTER (WHERE ${sql.raw(monthOnly)}) AS f,
      count(*) FILTER (WHERE ${sql.raw(m)}[2] = '.') AS p,
      min(btrim(${sql.raw(cellText(key))})) FILTER (WHERE ${sql.raw(dayOnly)}) AS dx, min(btrim(${sql.raw(cellText(key))})) FILTER (WHERE ${sql.raw(monthOnly)}) AS fx
    FROM ${rowsFrom(uploadId)}, LATERAL (SELECT regexp_match(btrim(${sql.raw(cellText(key))}), '^(\\d{1,2})([-/.])(\\d{1,2})\\2(\\d{4}|\\d{2})$') AS ${sql.raw(m)}) AS readings`)
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value))
  return {
    numeric: Number(row?.n ?? 0),
    dayFirst: Number(row?.d ?? 0),
    monthFirst: Number(row?.f ?? 0),
    dotted: Number(row?.p ?? 0),
    dayFirstExample: text(row?.dx),
    monthFirstExample: text(row?.fx),
  }
}

/**
 * Every row's labels as the old whole-file statement computed them: the first row index of the
 * rows whose compared value is the same, null for an empty value. For a value no other row had it
 * wrote null, where the one pass gives the row its own index (it cannot know yet): the counts a
 * plan makes of them are the same, and that is what is compared.
 */
async function scannedLabels(uploadId: string) {
  const columns = identifyingColumnsOf(await storedColumnsOf(uploadId))
  const parts = columns.map((column, i) => {
    const v = sql`NULLIF(${compareValueSql(column)}, '')`
    const old = sql`CASE WHEN ${v} IS NOT NULL AND count(*) OVER (PARTITION BY ${v}) > 1 THEN min(row_index) OVER (PARTITION BY ${v}) END`
    return sql`, coalesce(${cellSql(column.key)}, '') AS ${sql.raw(`s${i}`)}, CASE WHEN ${v} IS NOT NULL THEN coalesce(${old}, row_index) END AS ${sql.raw(`l${i}`)}`
  })
  const rows = await queryRows<Record<string, unknown>>(sql`SELECT row_index${sql.join(parts, sql``)} FROM ${rowsFrom(uploadId)} ORDER BY row_index`)
  return new Map(
    rows.map((row) => [
      Number(row.row_index),
      Object.fromEntries(
        columns.map((column, i) => {
          const cell = String(row[`s${i}`])
          const label = row[`l${i}`] === null ? null : Number(row[`l${i}`])
          return [duplicateLabelName(column), [cell, label]]
        }),
      ),
    ]),
  )
}

async function importFile(name: string, content: string | Uint8Array): Promise<string | null> {
  const res = await postUpload(browser, name, content)
  if (res.status !== 201) return null
  const body = (await res.json()) as { upload_id: string; needs_header_confirmation: boolean }
  if (body.needs_header_confirmation) {
    const confirm = await browser.post(`/api/uploads/${body.upload_id}/confirm-headers`, { hasHeaders: true, headerRowIndex: 0 })
    if (confirm.status >= 300) return null
  }
  const progress = await waitUntilDone(browser, body.upload_id)
  if (progress.status !== 'completed') return null
  // On PGlite the labels are written by the labels job after the import (`writesLabelsAtImport`).
  await labelsJobDone(body.upload_id)
  return body.upload_id
}

async function expectOnePassEqualsScans(uploadId: string) {
  const [upload] = await db.select().from(csvUploads).where(eq(csvUploads.id, uploadId))
  const identifying = identifyingColumnsOf(await storedColumnsOf(uploadId))

  // The duplicate figures of the quality report.
  expect(upload!.qualityMetrics?.duplicates).toEqual(await countDuplicates({ id: uploadId }, identifying))

  // The labels COPYed beside the rows.
  const stored = new Map(
    (await queryRows<{ row_index: number; keys: Record<string, [string, number | null]> | string }>(sql`SELECT row_index, keys FROM csv_row_duplicate_keys WHERE upload_id = ${uploadId}`)).map((row) => [
      Number(row.row_index),
      typeof row.keys === 'string' ? (JSON.parse(row.keys) as Record<string, [string, number | null]>) : row.keys,
    ]),
  )
  const scanned = await scannedLabels(uploadId)
  if (identifying.length === 0) expect(stored.size).toBe(0)
  else {
    expect([...stored.keys()].sort((a, b) => a - b)).toEqual([...scanned.keys()])
    for (const [index, labels] of scanned) expect({ index, labels: stored.get(index) }).toEqual({ index, labels })
  }

  // Each date column's evidence, gathered by the reader the import's worker runs.
  if (upload!.plan.kind !== 'csv') return
  const facts = new RowFacts(uploadId, { dateColumnsOf })
  await readRecords(upload!.storagePath, { sniff: upload!.plan.sniff, headerRow: upload!.plan.headerRow, batchSize: 1000, facts, onBatch: async () => {} })
  const { dateEvidence } = facts.summary()
  for (const [key, evidence] of dateEvidence) expect({ key, evidence }).toEqual({ key, evidence: await scannedDateEvidence(uploadId, key) })
  return { dateColumns: dateEvidence.size, identifying: identifying.length }
}

/** Repeats only as plans compare them (case, accents, spaces, a website's other URLs), and dates read both ways. */
function messyLeads(rows: number): string {
  const emails = ['ada@x.io', ' ADA@x.io', 'zoë@x.io', 'Zoe@X.io', 'bob@y.io', '', 'Ünal@Z.io', 'unal@z.io ']
  // Quotes and backslashes are escaped in the stored JSON, which the one pass reads from its bytes.
  const sites = ['https://www.x.io/a', 'x.io', 'http://y.io', 'www.Y.io/about', 'z.io', '', 'ftp://user@w.io:21/x', 'W.io', 'q.io/"a"\\b', 'Q.io\tz']
  const dates = ['04/07/2024', '13/07/2024', '07/13/2024', '4.7.24', '2024-07-04', '', ' 31.12.2023 ', '1/2/03']
  let s = 11
  const pick = (list: string[]) => {
    s = (s * 1664525 + 1013904223) >>> 0
    return list[(s >>> 16) % list.length]!
  }
  return csvOf(
    ['Email', 'Website', 'LinkedIn URL', 'Signed up', 'Country'],
    Array.from({ length: rows }, (_, i) => [pick(emails), pick(sites), i % 3 === 0 ? 'https://linkedin.com/in/ada' : `https://linkedin.com/in/p${i % 17}`, pick(dates), pick(['UK', 'FR'])]),
  )
}

describe('the import gathers in one pass what the scans after it gave', () => {
  it('on a lead list with repeats only as plans compare them, and dates of both orders', async () => {
    const id = await importFile('messy-leads.csv', messyLeads(2500))
    expect(id).not.toBeNull()
    const found = await expectOnePassEqualsScans(id!)
    expect(found).toEqual({ dateColumns: 1, identifying: 3 })
    // The dates contradict each other: the quality report says so, with an example of each kind.
    const [upload] = await db.select().from(csvUploads).where(eq(csvUploads.id, id!))
    expect(upload!.qualityMetrics?.warnings?.join('\n')).toMatch(/Signed up.*13\/07\/2024.*07\/13\/2024/s)
  })

  it('on every file of the messy corpus that imports', async () => {
    const dir = join(corpusDir, 'messy')
    const files = readdirSync(dir).filter((name) => /\.(csv|tsv)$/.test(name))
    let compared = 0
    let withDates = 0
    let withIdentifying = 0
    for (const name of files) {
      const id = await importFile(name, readFileSync(join(dir, name)))
      if (!id) continue
      const found = await expectOnePassEqualsScans(id)
      compared += 1
      if (found?.dateColumns) withDates += 1
      if (found?.identifying) withIdentifying += 1
    }
    expect(compared).toBeGreaterThan(30)
    expect(withDates).toBeGreaterThan(0)
    expect(withIdentifying).toBeGreaterThan(0)
  }, 300_000)
})
