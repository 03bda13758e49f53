import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { identifyingColumnsOf, recordIdentityColumnsOf } from '#common/schemas/duplicates'
import type { Plan } from '#common/schemas/plans'
import { db } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { createTestApp, type TestApp } from '#server/test/test-app'
import { csvOf, importCsv } from '#server/test/upload-helpers'
import { duplicateLabelName, refreshDuplicateLabels } from './duplicate-labels.ts'
import { countDuplicates } from './duplicates-sql.ts'
import { runPlan } from './plan-runner.ts'
import { appendRows } from './row-append.ts'
import { updateRowCell } from './row-cells.ts'
import { deleteRowsByIndex } from './row-delete.ts'
import { storedColumnsOf } from './row-reader.ts'
import { labelsJobDone } from '#server/test/duplicate-labels'

/** An import, then its duplicate labels written (on PGlite by the labels job after it). */
async function importSettled(...args: Parameters<typeof importCsv>): Promise<string> {
  const id = await importCsv(...args)
  await labelsJobDone(id)
  return id
}

/**
 * Issue 32: a plan counts repeats among its rows from the labels stored at import, and its
 * answer stays what comparing the values gives (`countDuplicates`, the quality report's count)
 * through edits, additions, deletions and renames, whether the labels were written again since
 * or not.
 */

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({}, { withWorkers: true })
})
afterAll(async () => {
  await t?.close()
})

/** Values that repeat each other only as plans compare them: case, accents, spaces, a website's other URLs. */
const EMAILS = ['ada@x.io', ' ADA@x.io', 'zoë@x.io', 'Zoe@X.io', 'bob@y.io', '']
const SITES = ['https://www.x.io/a', 'x.io', 'http://y.io', 'www.Y.io/about', 'z.io', '']
const COUNTRIES = ['UK', 'FR']
/** Ids, so a record is an e-mail and an id together (issue 44). */
const IDS = ['7', ' 7', '8', '']

function rng(seed: number) {
  let s = seed
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 4294967296
  }
}

async function importLeads(seed: number, rows: number) {
  const random = rng(seed)
  const pick = (list: string[]) => list[Math.floor(random() * list.length)]!
  const { browser } = await t.signUpVerified()
  await t.startTrial(browser)
  const id = await importSettled(
    browser,
    'leads.csv',
    csvOf(['Email', 'Website', 'Country', 'Lead ID'], Array.from({ length: rows }, () => [pick(EMAILS), pick(SITES), pick(COUNTRIES), pick(IDS)])),
  )
  await refreshDuplicateLabels(id)
  return { id, pick, random }
}

/**
 * The plan's repeats per identity column and as records (issue 44: a shared website is not one),
 * and what comparing the values over the same rows gives (the quality report's count).
 */
async function answerAndTruth(id: string, plan: Plan): Promise<{ answer: Record<string, number | undefined>; truth: Record<string, number | undefined> }> {
  const columns = recordIdentityColumnsOf(await storedColumnsOf(id))
  const answer = await runPlan({ source: { id, validRows: 0 }, plan })
  const truth = await countDuplicates({ id }, columns)
  return {
    answer: { ...Object.fromEntries(answer.duplicates.columns.map((c) => [c.column, c.rows])), records: answer.duplicates.records?.rows },
    truth: { ...Object.fromEntries(truth.columns.filter((c) => c.rows > 0).map((c) => [c.name, c.rows])), records: truth.records?.rows },
  }
}

/** Whether every row's label is for its cell as it is now (the plan reads labels only then). */
async function labelsCurrent(id: string) {
  const columns = identifyingColumnsOf(await storedColumnsOf(id))
  const checks = columns.map((column) => sql`k.keys -> ${duplicateLabelName(column)}::text ->> 0 IS NOT DISTINCT FROM coalesce(r.data ->> ${column.key}::text, '')`)
  const [row] = await queryRows<{ stale: number | string }>(sql`
    SELECT count(*) FILTER (WHERE k.keys IS NULL OR NOT (${sql.join(checks, sql` AND `)})) AS stale
    FROM csv_rows AS r LEFT JOIN csv_row_duplicate_keys AS k ON k.upload_id = r.upload_id AND k.row_index = r.row_index
    WHERE r.upload_id = ${id}`)
  return Number(row?.stale) === 0
}

const everyRow: Plan = {}

describe('duplicate labels', () => {
  it('are written for every row after an import (by it on PostgreSQL, by the labels job on PGlite), and a plan over every row counts what comparing the values counts', async () => {
    const { browser } = await t.signUpVerified()
    await t.startTrial(browser)
    const random = rng(1)
    const pick = (list: string[]) => list[Math.floor(random() * list.length)]!
    const id = await importSettled(browser, 'leads.csv', csvOf(['Email', 'Website', 'Country'], Array.from({ length: 60 }, () => [pick(EMAILS), pick(SITES), pick(COUNTRIES)])))
    expect(await labelsCurrent(id)).toBe(true)
    const { answer, truth } = await answerAndTruth(id, everyRow)
    expect(Object.keys(truth).sort()).toEqual(['Email', 'records'])
    expect(answer).toEqual(truth)
  })

  it('count within the matched rows only', async () => {
    const { browser } = await t.signUpVerified()
    await t.startTrial(browser)
    // UK: rows 0, 1, 3. By e-mail 1 repeats 0 (case and spaces); by website 3 repeats 0 (its domain).
    const rows = [
      ['ada@x.io', 'https://www.x.io/a', 'UK'],
      [' ADA@x.io', 'y.io', 'UK'],
      ['ada@x.io', 'y.io', 'FR'],
      ['zoë@x.io', 'x.io', 'UK'],
      ['Zoe@x.io', 'z.io', 'FR'],
    ]
    const id = await importSettled(browser, 'small.csv', csvOf(['Email', 'Website', 'Country'], rows))
    await refreshDuplicateLabels(id)
    const uk = await runPlan({ source: { id, validRows: 5 }, plan: { where: { column: 'Country', op: 'equals', value: 'uk' } } })
    // Row 3's website repeats row 0's domain: colleagues, not a duplicate (issue 44).
    expect(uk.duplicates.columns).toEqual([{ column: 'Email', rows: 1 }])
    expect(uk.duplicates.records).toEqual({ columns: ['Email'], rows: 1 })
    // FR: rows 2 and 4, repeating nothing among themselves (they repeat UK rows, which are not counted).
    const fr = await runPlan({ source: { id, validRows: 5 }, plan: { where: { column: 'Country', op: 'equals', value: 'fr' } } })
    expect(fr.duplicates.columns).toEqual([])
    expect(fr.duplicates.records).toEqual({ columns: ['Email'], rows: 0 })
  })

  it('are what a plan reads where they are current: the values are compared again only for a changed row', async () => {
    const { browser } = await t.signUpVerified()
    await t.startTrial(browser)
    const id = await importSettled(browser, 'pair.csv', csvOf(['Email', 'Website', 'Country'], [['ada@x.io', 'a.io', 'UK'], ['bob@x.io', 'b.io', 'UK']]))
    await refreshDuplicateLabels(id)
    const [email] = identifyingColumnsOf(await storedColumnsOf(id))
    const uk: Plan = { where: { column: 'Country', op: 'equals', value: 'UK' } }
    const emailRepeats = async () => (await runPlan({ source: { id, validRows: 2 }, plan: uk })).duplicates.columns.find((c) => c.column === 'Email')?.rows ?? 0
    expect(await emailRepeats()).toBe(0)
    // Labelled by hand as one group (the cells unchanged): the plan counts the labels, not the values.
    const entry = duplicateLabelName(email!)
    await db.execute(sql`UPDATE csv_row_duplicate_keys SET keys = jsonb_set(keys, ARRAY[${entry}::text, '1'], '0'::jsonb) WHERE upload_id = ${id}`)
    expect(await emailRepeats()).toBe(1)
    // Once a row's e-mail changes, its label is no longer read: the values are compared again.
    await updateRowCell({ uploadId: id, rowIndex: 1, key: email!.key, value: 'carol@x.io' })
    expect(await emailRepeats()).toBe(0)
  })

  it('stay exact through edits, additions, deletions and renames, with and without being written again', async () => {
    const { id, pick, random } = await importLeads(7, 40)
    const columns = await storedColumnsOf(id)
    const [email, website, leadId] = [columns[0]!, columns[1]!, columns[3]!]
    let checked = 0
    for (let step = 0; step < 40; step += 1) {
      const indexes = (await queryRows<{ row_index: number }>(sql`SELECT row_index FROM csv_rows WHERE upload_id = ${id} ORDER BY row_index`)).map((r) => Number(r.row_index))
      const roll = random()
      if (roll < 0.45) {
        const column = [email, website, leadId][Math.floor(random() * 3)]!
        const values = column === email ? EMAILS : column === website ? SITES : IDS
        await updateRowCell({ uploadId: id, rowIndex: indexes[Math.floor(random() * indexes.length)]!, key: column.key, value: pick(values) })
      } else if (roll < 0.6) {
        await appendRows(db, { uploadId: id, rows: [{ c1: pick(EMAILS), c2: pick(SITES), c3: pick(COUNTRIES), c4: pick(IDS) }] })
      } else if (roll < 0.75) {
        // The last row too, so an index is freed and taken again by the next addition.
        await deleteRowsByIndex(db, id, [random() < 0.5 ? indexes.at(-1)! : indexes[Math.floor(random() * indexes.length)]!])
      } else {
        await refreshDuplicateLabels(id)
        expect(await labelsCurrent(id)).toBe(true)
      }
      const { answer, truth } = await answerAndTruth(id, everyRow)
      expect({ step, answer }).toEqual({ step, answer: truth })
      checked += 1
    }
    expect(checked).toBe(40)

    // A column renamed out of the identifying ones is not counted; renamed back, its labels still hold.
    await db.execute(sql`UPDATE upload_columns SET name = 'Contact' WHERE upload_id = ${id} AND key = 'c1'`)
    expect((await answerAndTruth(id, everyRow)).answer.Email).toBeUndefined()
    await refreshDuplicateLabels(id)
    await db.execute(sql`UPDATE upload_columns SET name = 'Email' WHERE upload_id = ${id} AND key = 'c1'`)
    const renamedBack = await answerAndTruth(id, everyRow)
    expect(renamedBack.answer).toEqual(renamedBack.truth)
  })

  it("leave no label of a deleted row behind for a new row that takes its index", async () => {
    const { browser } = await t.signUpVerified()
    await t.startTrial(browser)
    // Rows 0 and 2 repeat each other: both labelled 0.
    const id = await importSettled(browser, 'reuse.csv', csvOf(['Email'], [['a@x.io'], ['b@x.io'], ['a@x.io']]))
    await refreshDuplicateLabels(id)
    await deleteRowsByIndex(db, id, [2])
    // Row 0 is alone now: written again, its label is none. Row 2's old label must go with it...
    await refreshDuplicateLabels(id)
    // ...or the new row 2, with row 0's value again, would read it and look like a group of its own.
    expect(await appendRows(db, { uploadId: id, rows: [{ c1: 'a@x.io' }] })).toEqual([2])
    const { answer, truth } = await answerAndTruth(id, everyRow)
    expect(truth).toEqual({ Email: 1, records: 1 })
    expect(answer).toEqual(truth)
  })

  it('are never written by a plan, which compares the changed values itself (reading never writes)', async () => {
    const { id } = await importLeads(3, 30)
    expect(await labelsCurrent(id)).toBe(true)
    await updateRowCell({ uploadId: id, rowIndex: 0, key: 'c1', value: 'new@x.io' })
    await appendRows(db, { uploadId: id, rows: [{ c1: 'NEW@x.io', c2: 'x.io', c3: 'UK' }] })
    const before = await queryRows<{ keys: unknown }>(sql`SELECT keys FROM csv_row_duplicate_keys WHERE upload_id = ${id} ORDER BY row_index`)
    const { answer, truth } = await answerAndTruth(id, everyRow)
    expect(answer).toEqual(truth)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await queryRows<{ keys: unknown }>(sql`SELECT keys FROM csv_row_duplicate_keys WHERE upload_id = ${id} ORDER BY row_index`)).toEqual(before)
    expect(await labelsCurrent(id)).toBe(false)
    // Written again by the writers' job: the next plan reads them.
    await refreshDuplicateLabels(id)
    expect(await labelsCurrent(id)).toBe(true)
    const again = await answerAndTruth(id, everyRow)
    expect(again.answer).toEqual(again.truth)
  })

  it('go with their file', async () => {
    const { browser } = await t.signUpVerified()
    await t.startTrial(browser)
    const id = await importSettled(browser, 'gone.csv', csvOf(['Email'], [['a@x.io'], ['a@x.io']]))
    await refreshDuplicateLabels(id)
    const count = async () => Number((await queryRows<{ n: number | string }>(sql`SELECT count(*) AS n FROM csv_row_duplicate_keys WHERE upload_id = ${id}`))[0]?.n)
    expect(await count()).toBe(2)
    const res = await browser.api.uploads[':id'].$delete({ param: { id } })
    expect(res.status).toBeLessThan(300)
    expect(await count()).toBe(0)
  })
})
