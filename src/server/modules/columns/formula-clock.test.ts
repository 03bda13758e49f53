import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evaluateFormulaText } from '#common/formula/evaluate'
import { formulaColumnsOf, parseFormula } from '#common/formula/parse'
import { todayKey } from '#common/formula/values'
import { rowsPageSchema } from '#common/schemas/rows'
import { queryRows } from '#server/db/query-rows'
import { allJobs } from '#server/jobs'
import { readJson } from '#server/test/contract'
import { createTestApp, type TestApp, type TestBrowser } from '#server/test/test-app'
import { csvOf, getUploadDetail, importCsv } from '#server/test/upload-helpers'
import { refreshPastDayFormulasJob } from './columns.jobs.ts'
import { refreshPastDayFormulas } from './formula-columns.ts'

/**
 * Issue 41: a formula column that reads TODAY() holds the day it was computed on, and is computed
 * again once that day has passed, by the job every 10 minutes (docs/api/formulas.md). Two days
 * passing is the column's stored day and values set back two days, as they stood then.
 */

let t: TestApp
let alice: TestBrowser
let id: string

const FORMULAS = {
  'Days since signup': 'DAYS_BETWEEN(DATE({Signup}), TODAY())',
  Today: 'TODAY()',
  // Reads TODAY() only through the formula column it names.
  Recent: '{Days since signup} < 400',
  Shout: 'UPPER({Company})',
}
const DATED = ['Days since signup', 'Today', 'Recent']

beforeAll(async () => {
  t = await createTestApp({}, { withWorkers: true })
  alice = (await t.signUpVerified()).browser
  id = await importCsv(alice, 'leads.csv', csvOf(['Company', 'Signup'], [['Acme', '2024-07-04'], ['Globex', '2026-01-15'], ['Initech', '']]))
  for (const [name, formula] of Object.entries(FORMULAS)) {
    const res = await alice.api.uploads[':id'].columns.$post({ param: { id }, json: { name, formula } })
    expect(res.status, await res.clone().text()).toBe(201)
  }
}, 120_000)
afterAll(async () => {
  await t?.close()
})

const isoOf = (key: number) => `${String(key).slice(0, 4)}-${String(key).slice(4, 6)}-${String(key).slice(6, 8)}`
const daysAgo = (days: number) => todayKey(new Date(Date.now() - days * 86_400_000))

async function columns() {
  return (await getUploadDetail(alice, id)).columns
}

/** Each formula column's values by name, row by row, as the API reads them. */
async function stored() {
  const byName = new Map((await columns()).map((column) => [column.key, column.name]))
  const page = await readJson(await alice.api.uploads[':id'].rows.$get({ param: { id }, query: { perPage: '100' } }), rowsPageSchema)
  const keyOf = new Map([...byName].map(([key, name]) => [name, key]))
  // An empty value is not stored: read as ''.
  return page.data.map((row) => Object.fromEntries(Object.keys(FORMULAS).map((name) => [name, row.values[keyOf.get(name)!] ?? ''])))
}

/** What the reference evaluator says each formula column holds on day `today`. */
async function expectedOn(today: number) {
  const all = await columns()
  const page = await readJson(await alice.api.uploads[':id'].rows.$get({ param: { id }, query: { perPage: '100' } }), rowsPageSchema)
  return page.data.map((row) =>
    Object.fromEntries(
      all
        .filter((column) => column.name in FORMULAS)
        .map((column) => {
          const parsed = parseFormula(column.formula!, formulaColumnsOf(all), { self: column.key })
          if (!parsed.ok) throw new Error(parsed.error.message)
          return [column.name, evaluateFormulaText(parsed.ast, { cells: row.values, rowNumber: row.rowIndex + 1 }, { dateOrders: new Map(), today }) ?? '']
        }),
    ),
  )
}

const computedOn = async () =>
  Object.fromEntries(
    (await queryRows<{ name: string; day: string | null }>(sql`SELECT name, formula_computed_on::text AS day FROM upload_columns WHERE upload_id = ${id} AND kind = 'formula'`)).map((row) => [row.name, row.day]),
  )

/** The file as it stood `days` ago: each dated column's day and values as they were computed then. */
async function setBack(days: number) {
  const then = await expectedOn(daysAgo(days))
  const keys = new Map((await columns()).map((column) => [column.name, column.key]))
  for (const [rowIndex, values] of then.entries()) {
    const dated = Object.fromEntries(DATED.map((name) => [keys.get(name)!, values[name] || null]))
    await queryRows(sql`UPDATE csv_rows SET data = data || jsonb_strip_nulls(${JSON.stringify(dated)}::jsonb) WHERE upload_id = ${id} AND row_index = ${rowIndex}`)
  }
  await queryRows(sql`UPDATE upload_columns SET formula_computed_on = ${isoOf(daysAgo(days))}::date WHERE upload_id = ${id} AND name = ANY(${`{${DATED.map((name) => `"${name}"`).join(',')}}`}::text[])`)
}

describe('formula columns that read the date', () => {
  it('are marked with the day they were computed on; other formula columns are not', async () => {
    expect(await computedOn()).toEqual({ 'Days since signup': isoOf(todayKey()), Today: isoOf(todayKey()), Recent: isoOf(todayKey()), Shout: null })
    expect(await stored()).toEqual(await expectedOn(todayKey()))
  })

  it('hold today again once the job has run, two days after they were computed', async () => {
    await setBack(2)
    const stale = await stored()
    expect(stale).toEqual(await expectedOn(daysAgo(2)))
    expect(stale).not.toEqual(await expectedOn(todayKey()))

    expect(await refreshPastDayFormulas()).toBe(DATED.length)
    expect(await stored()).toEqual(await expectedOn(todayKey()))
    expect(await computedOn()).toMatchObject({ 'Days since signup': isoOf(todayKey()), Today: isoOf(todayKey()), Recent: isoOf(todayKey()), Shout: null })
    // Computed today: the next run has nothing to do.
    expect(await refreshPastDayFormulas()).toBe(0)
  })

  it('only clears the mark of a column marked with a past day whose formula does not read the date (columns made before the mark)', async () => {
    const shout = (await columns()).find((column) => column.name === 'Shout')!
    await queryRows(sql`UPDATE upload_columns SET formula_computed_on = DATE '1970-01-01' WHERE upload_id = ${id} AND key = ${shout.key}`)
    // A value the job would overwrite if it computed the column again.
    await queryRows(sql`UPDATE csv_rows SET data = data || jsonb_build_object(${shout.key}::text, 'KEPT') WHERE upload_id = ${id} AND row_index = 0`)
    expect(await refreshPastDayFormulas()).toBe(0)
    expect((await computedOn()).Shout).toBeNull()
    expect((await stored())[0]!.Shout).toBe('KEPT')
  })

  it('are computed again by a job every 10 minutes', () => {
    expect(allJobs).toContain(refreshPastDayFormulasJob)
    expect(refreshPastDayFormulasJob.cron).toBe('*/10 * * * *')
  })
})
