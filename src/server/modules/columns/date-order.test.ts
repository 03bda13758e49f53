import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMPORT_WARNINGS } from '#common/messages'
import type { Plan, PlanResult } from '#common/schemas/plans'
import type { CreateExportInput } from '#common/schemas/rows'
import type { DateOrder } from '#common/schemas/uploads'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { csvOf, getUploadDetail, importCsv, postUploadForm, waitUntilDone } from '#server/test/upload-helpers'
import { uploadColumnSchema } from '#common/schemas/uploads'
import { readJson } from '#server/test/contract'

/**
 * Issue 30, item 1: a column of day-first dates is read day first, decided from all its values;
 * counts, sorts and the three export formats follow the column's order, and so does the user's
 * switch of it.
 */

let t: TestApp
let alice: TestBrowser
let bob: TestBrowser
let id: string

/** 60 sign-up dates from 2024-01-03 every 13 days (to 2026-02-...), written dd/mm/yyyy. */
const days = Array.from({ length: 60 }, (_, i) => new Date(Date.UTC(2024, 0, 3 + i * 13)))
const pad = (n: number) => String(n).padStart(2, '0')
const dayFirst = (d: Date) => `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`
const iso = (d: Date) => d.toISOString().slice(0, 10)
const written = days.map(dayFirst)
/** The same text read month first, where that is a real day. */
const monthFirstIso = (text: string) => {
  const [a, b, y] = text.split('/').map(Number) as [number, number, number]
  return a > 12 ? `${y}-${pad(b)}-${pad(a)}` : `${y}-${pad(a)}-${pad(b)}`
}

beforeAll(async () => {
  t = await createTestApp({}, { withWorkers: true })
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
  // Plans (`/chat/plan`) need a plan or trial, as Magic Chat does.
  await t.startTrial(alice)
  bob = (await t.signUpVerified({ firstName: 'Bob' })).browser
  id = await importCsv(
    alice,
    'signups.csv',
    csvOf(
      ['Name', 'Signed up'],
      written.map((date, i) => [`Lead ${i}`, date]),
    ),
  )
})
afterAll(async () => {
  await t?.close()
})

const columnsOf = async (upload: string, browser = alice) => (await getUploadDetail(browser, upload)).columns
const setOrder = (upload: string, key: string, order: DateOrder, browser = alice) =>
  browser.api.uploads[':id'].columns[':key']['date-order'].$put({ param: { id: upload, key }, json: { order } })
async function countOf(upload: string, plan: Plan) {
  const res = await alice.request(`/api/uploads/${upload}/chat/plan`, { method: 'POST', json: { plan } })
  expect(res.status, await res.clone().text()).toBe(200)
  return ((await res.json()) as PlanResult).count
}
const newestFirst = async (upload: string) =>
  (await (await alice.api.uploads[':id'].rows.$get({ param: { id: upload }, query: { sort: 'c2:desc' } })).json()).data.map((row) => row.values.c2)
const exported = (upload: string, format: CreateExportInput['format']) =>
  alice.request(`/api/uploads/${upload}/exports`, { method: 'POST', json: { format, scope: 'all' } })
async function xlsxColumn(upload: string) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(await (await exported(upload, 'xlsx')).arrayBuffer())
  const sheet = workbook.worksheets[0]!
  return days.map((_, i) => sheet.getCell(`B${i + 2}`).value)
}

describe('dates written day first', () => {
  it('reads a column day first when one of its dates has a first part over 12, and says so', async () => {
    const column = (await columnsOf(id)).find((c) => c.key === 'c2')!
    expect(column).toMatchObject({ type: 'date', dateOrder: 'dmy', dateOrderBasis: 'values' })
  })

  it('counts, sorts and exports by the day-first reading', async () => {
    const january = days.filter((d) => d.getUTCFullYear() === 2024 && d.getUTCMonth() === 0).length
    // Read month first, 03/01/2024 and the like would have been March, and 01/03 January.
    expect(january).toBe(3)
    expect(await countOf(id, { where: { column: 'Signed up', op: 'between', values: ['2024-01-01', '2024-01-31'] } })).toBe(january)
    // A value typed in the column's order compares in it too.
    expect(await countOf(id, { where: { column: 'Signed up', op: 'at_least', value: '01/02/2024' } })).toBe(days.filter((d) => iso(d) >= '2024-02-01').length)

    const sorted = [...days].sort((a, b) => b.getTime() - a.getTime()).map(dayFirst)
    expect((await newestFirst(id)).slice(0, 5)).toEqual(sorted.slice(0, 5))

    const json = (await (await exported(id, 'json')).json()) as Array<Record<string, unknown>>
    expect(json.map((row) => row['Signed up'])).toEqual(days.map(iso))
    expect(await xlsxColumn(id)).toEqual(days)
    const csv = await (await exported(id, 'csv')).text()
    expect(csv.trimEnd().split('\r\n').slice(1).map((line) => line.split(',')[1])).toEqual(written)
  })

  it('lets the user switch the order: sorting, counts and exports follow it', async () => {
    const res = await setOrder(id, 'c2', 'mdy')
    expect(res.status).toBe(200)
    expect(await readJson(res, uploadColumnSchema)).toMatchObject({ key: 'c2', dateOrder: 'mdy', dateOrderBasis: 'user' })

    const readMonthFirst = written.map(monthFirstIso)
    const sorted = written.map((text, i) => ({ text, key: readMonthFirst[i]! })).sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0))
    expect((await newestFirst(id)).slice(0, 3)).toEqual(sorted.slice(0, 3).map((s) => s.text))
    expect(await countOf(id, { where: { column: 'Signed up', op: 'between', values: ['2024-01-01', '2024-01-31'] } })).toBe(
      readMonthFirst.filter((d) => d.startsWith('2024-01')).length,
    )
    const json = (await (await exported(id, 'json')).json()) as Array<Record<string, unknown>>
    expect(json.map((row) => row['Signed up'])).toEqual(readMonthFirst)

    expect((await setOrder(id, 'c2', 'dmy')).status).toBe(200)
    expect((await newestFirst(id))[0]).toBe(dayFirst(days.at(-1)!))
  })

  it('refuses another user’s upload (404) and a column that is not a date column (422)', async () => {
    const other = await setOrder(id, 'c2', 'mdy', bob)
    expect(other.status).toBe(404)
    expect((await columnsOf(id)).find((c) => c.key === 'c2')?.dateOrder).toBe('dmy')
    const text = await setOrder(id, 'c1', 'mdy')
    expect(text.status).toBe(422)
    expect((await errorOf(text)).code).toBe('VALIDATION_FAILED')
  })

  it('keeps a column whose dates contradict each other as text, and the quality report says why', async () => {
    const mixed = await importCsv(alice, 'mixed.csv', csvOf(['Name', 'When'], [['a', '25/03/2024'], ['b', '03/25/2024'], ['c', '04/05/2024']]))
    const detail = await getUploadDetail(alice, mixed)
    expect(detail.columns.find((c) => c.key === 'c2')).toMatchObject({ type: 'text', dateOrder: null })
    expect(detail.qualityMetrics?.warnings).toContain(IMPORT_WARNINGS.mixedDateOrders('When', '25/03/2024', '03/25/2024'))
  })

  it('guesses day first from a file with ; delimiters, and exports no ambiguous date as if it were sure', async () => {
    const content = ['Name;Revenue;When', 'a;12,5;04/07/2024', 'b;3,25;07/07/2024', 'c;1;05/06/2024'].join('\n')
    const guessed = await importCsv(alice, 'european.csv', content)
    expect((await columnsOf(guessed)).find((c) => c.key === 'c3')).toMatchObject({ type: 'date', dateOrder: 'dmy', dateOrderBasis: 'file' })
    const sortedDesc = (await (await alice.api.uploads[':id'].rows.$get({ param: { id: guessed }, query: { sort: 'c3:desc' } })).json()).data.map((row) => row.values.c3)
    expect(sortedDesc).toEqual(['07/07/2024', '04/07/2024', '05/06/2024'])

    const json = (await (await exported(guessed, 'json')).json()) as Array<Record<string, unknown>>
    // 07/07/2024 reads the same either way; the other two are written as they are.
    expect(json.map((row) => row.When)).toEqual(['04/07/2024', '2024-07-07', '05/06/2024'])
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await (await exported(guessed, 'xlsx')).arrayBuffer())
    expect(workbook.worksheets[0]!.getCell('C2').value).toBe('04/07/2024')

    // Once the user confirms the order, the reading is sure.
    expect((await setOrder(guessed, 'c3', 'dmy')).status).toBe(200)
    const confirmed = (await (await exported(guessed, 'json')).json()) as Array<Record<string, unknown>>
    expect(confirmed.map((row) => row.When)).toEqual(['2024-07-04', '2024-07-07', '2024-06-05'])
  })

  it('takes the browser locale’s order when nothing in the file settles it', async () => {
    const form = new FormData()
    form.set('file', new File(['Name,When\na,04/07/2024\nb,05/06/24\n'], 'locale.csv', { type: 'text/csv' }))
    form.set('dateOrder', 'dmy')
    const res = await postUploadForm(alice, form)
    expect(res.status).toBe(201)
    const { upload_id: upload } = (await res.json()) as { upload_id: string }
    expect((await waitUntilDone(alice, upload)).status).toBe('completed')
    expect((await columnsOf(upload)).find((c) => c.key === 'c2')).toMatchObject({ type: 'date', dateOrder: 'dmy', dateOrderBasis: 'locale' })
    expect(await countOf(upload, { where: { column: 'When', op: 'between', values: ['2024-06-01', '2024-07-31'] } })).toBe(2)
  })
})

describe('switching the order where the dates contradict it (issue 44)', () => {
  const check = (upload: string, key: string, order: DateOrder, browser = alice) =>
    browser.request(`/api/uploads/${upload}/columns/${key}/date-order?order=${order}`)

  it('says how many dates cannot be read that way, with an example, before anything changes', async () => {
    // 30 dates, 15 with a day above 12 written first; one ISO date and one text value are not day/month dates.
    const rows = Array.from({ length: 30 }, (_, i) => [`Lead ${i}`, i < 15 ? `${pad(13 + (i % 15))}/${pad(1 + (i % 12))}/2024` : `${pad(1 + (i % 12))}/${pad(1 + (i % 12))}/2025`])
    const upload = await importCsv(alice, 'contradicting.csv', csvOf(['Name', 'Signed up'], [...rows, ['Iso', '2024-05-06'], ['Text', 'soon']]))
    const expected = rows.slice(0, 15).map((row) => row[1]!).sort()[0]
    const res = await check(upload, 'c2', 'mdy')
    expect(res.status, await res.clone().text()).toBe(200)
    expect(await res.json()).toEqual({ order: 'mdy', dates: 30, misfits: 15, example: expected })
    const back = await check(upload, 'c2', 'dmy')
    expect(await back.json()).toEqual({ order: 'dmy', dates: 30, misfits: 0, example: null })
    // Nothing changed: the column still reads day first.
    expect((await columnsOf(upload)).find((c) => c.key === 'c2')).toMatchObject({ dateOrder: 'dmy' })
  })

  it('refuses a column that is not a date, a bad order, and another user', async () => {
    expect((await check(id, 'c1', 'mdy')).status).toBe(422)
    expect((await alice.request(`/api/uploads/${id}/columns/c2/date-order?order=ymd`)).status).toBe(422)
    expect((await check(id, 'c2', 'mdy', bob)).status).toBe(404)
  })
})
