import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseDateKey, parseNumber } from '#common/cell-values'
import { VIEW_COUNT_LIMIT } from '#common/constants'
import { deleteRowsResultSchema, gridRowSchema, rowLocationSchema, rowsPageSchema, rowViewSearchParams, type RowFilter, type RowSort } from '#common/schemas/rows'
import { driver } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { filterIndexName, sortIndexName } from '#server/modules/row-storage/grid-indexes'
import { readGridPage, rowsByIndex } from '#server/modules/row-storage/row-reader'
import { UPLOAD_NOT_FOUND } from '#server/modules/uploads/upload-id-param'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { until } from '#server/test/until'
import { csvOf, getUploadDetail, importCsv } from '#server/test/upload-helpers'
import { readJson } from '#server/test/contract'

let t: TestApp
let alice: TestBrowser
let bob: TestBrowser
let leadsId: string

/**
 * 237 leads: c1 Id (number), c2 Name (text), c3 Score (number, some empty or 'n/a'), c4 Signed
 * (dates in three notations, all day before month where it can tell, some empty: a column that
 * mixes day-first and month-first dates is text, issue 30), c5 Active (yes/no), c6 Notes (mostly empty).
 */
const ROW_COUNT = 237
const names = ['alder', 'Birch', 'cedar', 'Dogwood', 'elm', 'Fir', 'ginkgo', 'Hazel', 'Ivy', 'juniper', 'Ébène', 'zelkova']
function lead(i: number): string[] {
  const month = ((i * 7) % 12) + 1
  const day = ((i * 13) % 28) + 1
  const year = 2020 + (i % 5)
  const pad = (n: number) => String(n).padStart(2, '0')
  const date = [`${year}-${pad(month)}-${pad(day)}`, `${pad(day)}.${pad(month)}.${year}`, `${pad(day)}/${pad(month)}/${year}`][i % 3]!
  const score = i % 10 === 3 ? '' : i % 41 === 5 ? 'n/a' : String(((i * 37) % 1001) - 100)
  return [
    String(i + 1),
    `${names[i % names.length]} ${String(i).padStart(3, '0')}`,
    score,
    i % 11 === 4 ? '' : date,
    i % 2 === 0 ? 'yes' : 'no',
    i % 20 === 0 ? `note 100%_${i}` : '',
  ]
}
const leads = Array.from({ length: ROW_COUNT }, (_, i) => lead(i))

beforeAll(async () => {
  t = await createTestApp({}, { withWorkers: true })
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
  bob = (await t.signUpVerified({ firstName: 'Bob' })).browser
  leadsId = await importCsv(alice, 'leads.csv', csvOf(['Id', 'Name', 'Score', 'Signed', 'Active', 'Notes'], leads))
})
afterAll(async () => {
  await t?.close()
})

type View = { q?: string; filters?: RowFilter[]; sort?: RowSort }

async function page(view: View, pageNumber = 1, perPage = 50, browser = alice, id = leadsId) {
  const query = { ...Object.fromEntries(rowViewSearchParams({ filters: [], ...view })), page: String(pageNumber), perPage: String(perPage) }
  return browser.api.uploads[':id'].rows.$get({ param: { id }, query })
}

const rowsOf = async (id: string, query: Record<string, string>) => (await alice.api.uploads[':id'].rows.$get({ param: { id }, query })).json()
const locate = async (id: string, query: { rowIndex: string; perPage: string }) =>
  readJson(await alice.api.uploads[':id'].rows.locate.$get({ param: { id }, query }), rowLocationSchema)

async function pageOk(view: View, pageNumber = 1, perPage = 50) {
  const res = await page(view, pageNumber, perPage)
  expect(res.status, await res.clone().text()).toBe(200)
  return readJson(res, rowsPageSchema)
}

/** Every row of a view, read page by page through the API: the row indexes in order. */
async function allIndexes(view: View, perPage = 25) {
  const first = await pageOk(view, 1, perPage)
  const indexes = first.data.map((row) => row.rowIndex)
  for (let n = 2; n <= first.totalPages; n += 1) indexes.push(...(await pageOk(view, n, perPage)).data.map((row) => row.rowIndex))
  return { count: first.count, indexes }
}

/** The expected order: values ascending or descending, empty or unreadable values last in row order. */
function expectedOrder(valueOf: (row: string[]) => number | string | null, direction: 'asc' | 'desc', rows = leads) {
  const valued = rows.map((row, index) => ({ index, value: valueOf(row) })).filter((entry) => entry.value !== null)
  const sign = direction === 'asc' ? 1 : -1
  // Ties keep row order in both directions.
  valued.sort((a, b) => (a.value! < b.value! ? -sign : a.value! > b.value! ? sign : a.index - b.index))
  const empty = rows.map((row, index) => ({ index, value: valueOf(row) })).filter((entry) => entry.value === null)
  return [...valued.map((entry) => entry.index), ...empty.map((entry) => entry.index)]
}

describe('paging', () => {
  it('reads every page in row order, the last pages as well as the first', async () => {
    for (const perPage of [10, 25, 100]) {
      const { count, indexes } = await allIndexes({}, perPage)
      expect(count).toBe(ROW_COUNT)
      expect(indexes).toEqual(leads.map((_, i) => i))
    }
    const last = await pageOk({}, 24, 10)
    expect(last).toMatchObject({ count: ROW_COUNT, page: 24, perPage: 10, totalPages: 24 })
    expect(last.data.map((row) => row.rowIndex)).toEqual([230, 231, 232, 233, 234, 235, 236])
    expect(last.data[0]!.values).toMatchObject({ c1: '231', c2: leads[230]![1] })
  })

  it('answers an empty page past the end and refuses page sizes the grid does not offer', async () => {
    expect((await pageOk({}, 99, 50)).data).toEqual([])
    const refused = await page({}, 1, 3)
    expect(refused.status).toBe(422)
    expect((await errorOf(refused)).details).toEqual([expect.objectContaining({ message: 'Page size is one of 10, 25, 50, 100.' })])
  })

  it('keys values by column name when asked, every column present, and by key otherwise', async () => {
    const query = { page: '24', perPage: '10' }
    const byName = await alice.api.uploads[':id'].rows.$get({ param: { id: leadsId }, query: { ...query, keyBy: 'name' } })
    expect(byName.status).toBe(200)
    const named = await byName.json()
    expect(named).toMatchObject({ count: ROW_COUNT, page: 24, perPage: 10, totalPages: 24 })
    expect(named.data[0]).toEqual({
      rowIndex: 230,
      values: { Id: '231', Name: leads[230]![1], Score: leads[230]![2], Signed: leads[230]![3], Active: leads[230]![4], Notes: leads[230]![5] },
    })
    const byKey = await (await alice.api.uploads[':id'].rows.$get({ param: { id: leadsId }, query })).json()
    expect(Object.keys(byKey.data[0]!.values)).toEqual(expect.arrayContaining(['c1', 'c2']))
    const unknown = await alice.api.uploads[':id'].rows.$get({ param: { id: leadsId }, query: { ...query, keyBy: 'label' as 'name' } })
    expect(unknown.status).toBe(422)
  })
})

describe('sorting', () => {
  it('sorts text without regard to case, empties last, both ways', async () => {
    for (const direction of ['asc', 'desc'] as const) {
      const { indexes } = await allIndexes({ sort: { column: 'c2', direction } })
      expect(indexes).toEqual(expectedOrder((row) => row[1]!.toLowerCase(), direction))
    }
  })

  it('sorts numbers as numbers, with empty and unreadable values last', async () => {
    for (const direction of ['asc', 'desc'] as const) {
      const { indexes } = await allIndexes({ sort: { column: 'c3', direction } }, 10)
      expect(indexes).toEqual(expectedOrder((row) => parseNumber(row[2]!), direction))
    }
    const first = await pageOk({ sort: { column: 'c3', direction: 'asc' } }, 1, 10)
    expect(Number(first.data[0]!.values.c3)).toBe(-100)
  })

  it('sorts dates as dates whatever their notation', async () => {
    for (const direction of ['asc', 'desc'] as const) {
      const { indexes } = await allIndexes({ sort: { column: 'c4', direction } }, 25)
      expect(indexes).toEqual(expectedOrder((row) => parseDateKey(row[3]!, 'dmy'), direction))
    }
  })

  it('gives the columns the types their values read as', async () => {
    const info = await getUploadDetail(alice, leadsId)
    expect(info.columns.map((column) => column.type)).toEqual(['number', 'text', 'number', 'date', 'boolean', 'text'])
  })
})

describe('filters and search', () => {
  const matching = (predicate: (row: string[]) => boolean) => leads.flatMap((row, index) => (predicate(row) ? [index] : []))

  it.each<[string, RowFilter, (row: string[]) => boolean]>([
    ['contains', { column: 'c2', operator: 'contains', value: 'EL' }, (row) => row[1]!.toLowerCase().includes('el')],
    ['equals (text, any case)', { column: 'c2', operator: 'equals', value: 'FIR 005' }, (row) => row[1] === 'Fir 005'],
    ['equals (number)', { column: 'c3', operator: 'equals', value: '270.0' }, (row) => parseNumber(row[2]!) === 270],
    ['starts_with', { column: 'c2', operator: 'starts_with', value: 'ha' }, (row) => row[1]!.toLowerCase().startsWith('ha')],
    ['ends_with', { column: 'c2', operator: 'ends_with', value: '7' }, (row) => row[1]!.endsWith('7')],
    ['greater_than (number)', { column: 'c3', operator: 'greater_than', value: '800' }, (row) => (parseNumber(row[2]!) ?? -Infinity) > 800],
    ['less_than (number)', { column: 'c3', operator: 'less_than', value: '-50' }, (row) => (parseNumber(row[2]!) ?? Infinity) < -50],
    ['greater_than (date)', { column: 'c4', operator: 'greater_than', value: '2024-06-30' }, (row) => (parseDateKey(row[3]!, 'dmy') ?? 0) > 20240630],
    ['less_than (date, day first)', { column: 'c4', operator: 'less_than', value: '15.02.2020' }, (row) => (parseDateKey(row[3]!, 'dmy') ?? Infinity) < 20200215],
    ['is_empty', { column: 'c3', operator: 'is_empty', value: '' }, (row) => row[2] === ''],
    ['is_not_empty', { column: 'c6', operator: 'is_not_empty', value: '' }, (row) => row[5] !== ''],
  ])('%s', async (_, filter, predicate) => {
    const expected = matching(predicate)
    expect(expected.length).toBeGreaterThan(0)
    const { count, indexes } = await allIndexes({ filters: [filter] }, 10)
    expect(count).toBe(expected.length)
    expect(indexes).toEqual(expected)
  })

  it('applies all filters together, with search and a sort', async () => {
    const view: View = {
      q: 'yes',
      filters: [
        { column: 'c3', operator: 'greater_than', value: '100' },
        { column: 'c2', operator: 'contains', value: 'e' },
      ],
      sort: { column: 'c3', direction: 'desc' },
    }
    const rows = leads.filter((row) => row[4] === 'yes' && (parseNumber(row[2]!) ?? 0) > 100 && row[1]!.toLowerCase().includes('e'))
    const { count, indexes } = await allIndexes(view, 10)
    expect(count).toBe(rows.length)
    expect(indexes.map((index) => leads[index])).toEqual(
      expectedOrder((row) => parseNumber(row[2]!), 'desc', rows).map((index) => rows[index]),
    )
  })

  it('searches every column without regard to case, taking % and _ literally', async () => {
    expect((await allIndexes({ q: 'ÉBÈNE' })).indexes).toEqual(matching((row) => row[1]!.startsWith('Ébène')))
    expect((await allIndexes({ q: '100%_4' })).indexes).toEqual([40])
    expect((await pageOk({ q: '100%_9' })).count).toBe(0)
    expect((await pageOk({ q: '2021-' })).count).toBe(matching((row) => row[3]!.includes('2021-')).length)
    // Terms too short for a trigram are read from the rows, not the search index: the same answers.
    const containing = (term: string) => matching((row) => row.some((value) => value.toLowerCase().includes(term)))
    expect((await allIndexes({ q: 'Éb' })).indexes).toEqual(containing('éb'))
    expect((await allIndexes({ q: '4' })).indexes).toEqual(containing('4'))
  })

  it('refuses a filter on an unknown column, a missing value, or a non-number on a number column', async () => {
    const unknown = await page({ filters: [{ column: 'c99', operator: 'equals', value: 'x' }] })
    expect(unknown.status).toBe(422)
    const empty = await alice.request(`/api/uploads/${leadsId}/rows?filters=${encodeURIComponent('[{"column":"c2","operator":"equals","value":" "}]')}`)
    expect(empty.status).toBe(422)
    const notNumber = await page({ filters: [{ column: 'c3', operator: 'greater_than', value: 'lots' }] })
    expect(notNumber.status).toBe(422)
    expect((await errorOf(notNumber)).message).toBe("Enter a number to compare 'Score' with.")
    expect((await alice.request(`/api/uploads/${leadsId}/rows?filters=not-json`)).status).toBe(422)
    expect((await alice.request(`/api/uploads/${leadsId}/rows?sort=c2:sideways`)).status).toBe(422)
  })
})

describe('indexes the grid builds as it is used', () => {
  const indexExists = async (name: string) => {
    return (await queryRows(sql`SELECT 1 FROM pg_class WHERE relname = ${name}`)).length > 0
  }

  it('gives a sorted column its index, and a text-filtered one its trigram index on PostgreSQL', async () => {
    const id = await importCsv(alice, 'indexed.csv', csvOf(['Name', 'Score'], leads.map((row) => [row[1]!, row[2]!])))
    expect((await alice.request(`/api/uploads/${id}/rows?sort=c2:desc`)).status).toBe(200)
    const filtered = await rowsOf(id, { filters: JSON.stringify([{ column: 'c1', operator: 'contains', value: 'elm' }]) })
    expect(filtered.count).toBe(leads.filter((row) => row[1]!.includes('elm')).length)

    // PostgreSQL builds sort indexes after the import and the filter index in the background;
    // PGlite builds the sort index when first sorted and has no filter index.
    const isBuilt = async () => (await indexExists(filterIndexName(id, 'c1'))) && (await indexExists(sortIndexName(id, 'c2')))
    if (driver.kind === 'pg') await until('the filter and sort indexes', isBuilt, 20_000)
    expect(await indexExists(sortIndexName(id, 'c2'))).toBe(true)
    expect(await indexExists(filterIndexName(id, 'c1'))).toBe(driver.kind === 'pg')

    await alice.api.uploads[':id'].columns[':key'].$delete({ param: { id, key: 'c1' } })
    await until('the filter index to go', () => indexExists(filterIndexName(id, 'c1')), (exists) => !exists, 20_000)
    expect(await indexExists(filterIndexName(id, 'c1'))).toBe(false)
  })
})

describe('views too large to count', () => {
  it('counts up to the limit, then still pages forward through every match, sorted or not', async () => {
    // Every row matches 'lead'; every third has no score, so a sort ends in an empty run.
    const total = VIEW_COUNT_LIMIT + 260
    const rows = Array.from({ length: total }, (_, i) => [`lead ${i}`, i % 3 === 0 ? '' : String((i * 7919) % 10007)])
    const id = await importCsv(alice, 'big.csv', csvOf(['Name', 'Score'], rows))
    const read = (query: Record<string, string>) => rowsOf(id, query)

    const first = await read({ q: 'lead', perPage: '100' })
    expect(first).toMatchObject({ count: VIEW_COUNT_LIMIT, isCountExact: false, totalPages: VIEW_COUNT_LIMIT / 100 })
    expect((await read({ perPage: '100' })).isCountExact).toBe(true)
    const beyond = await read({ q: 'lead', perPage: '100', page: String(VIEW_COUNT_LIMIT / 100 + 3) })
    expect(beyond.data.map((row) => row.rowIndex)).toEqual([...Array(60).keys()].map((i) => VIEW_COUNT_LIMIT + 200 + i))

    const byScore = expectedOrder((row) => parseNumber(row[1]!), 'desc', rows)
    const valued = byScore.findIndex((index) => rows[index]![1] === '')
    for (const at of [0, valued - 30, total - 40]) {
      const pageNumber = Math.floor(at / 100) + 1
      const { data } = await read({ q: 'lead', perPage: '100', page: String(pageNumber), sort: 'c2:desc' })
      expect(data.map((row) => row.rowIndex)).toEqual(byScore.slice((pageNumber - 1) * 100, pageNumber * 100))
    }
  })
})

describe('locating, editing and deleting rows', () => {
  it('finds the page a row index is on', async () => {
    expect(await locate(leadsId, { rowIndex: '137', perPage: '25' })).toEqual({ rowIndex: 137, page: 6, found: true })
  })

  it('saves a typed edit, empties a cell, and refuses a value the column cannot hold', async () => {
    const id = await importCsv(alice, 'edit.csv', csvOf(['Name', 'Score', 'Signed', 'Active'], [['Ada', '10', '2024-01-02', 'yes'], ['Bob', '20', '2024-02-03', 'no']]))
    const edit = (rowIndex: number, column: string, value: string | null) =>
      alice.request(`/api/uploads/${id}/rows/${rowIndex}`, { method: 'PATCH', json: { column, value } })

    const saved = await edit(1, 'c2', '1,500')
    expect(saved.status).toBe(200)
    expect(await readJson(saved, gridRowSchema)).toEqual({ rowIndex: 1, values: { c1: 'Bob', c2: '1,500', c3: '2024-02-03', c4: 'no' } })
    expect((await edit(0, 'c4', 'NO')).status).toBe(200)
    expect((await edit(0, 'c1', '')).status).toBe(200)

    const bad = await edit(0, 'c2', 'ten')
    expect(bad.status).toBe(422)
    expect((await errorOf(bad)).message).toBe("'Score' holds numbers: enter a number such as 42 or 3.5.")
    expect((await edit(0, 'c3', '2024-02-31x')).status).toBe(422)
    expect((await edit(5, 'c1', 'x')).status).toBe(404)
    expect((await edit(0, 'zz', 'x')).status).toBe(404)

    const { data } = await rowsOf(id, { sort: 'c2:desc' })
    expect(data).toEqual([
      { rowIndex: 1, values: { c1: 'Bob', c2: '1,500', c3: '2024-02-03', c4: 'no' } },
      { rowIndex: 0, values: { c2: '10', c3: '2024-01-02', c4: 'false' } },
    ])
  })

  it('answers an edit with a malformed upload id like an unknown upload, and a malformed row index with a 422', async () => {
    const edit = (id: string, rowIndex: string) =>
      alice.api.uploads[':id'].rows[':rowIndex'].$patch({ param: { id, rowIndex }, json: { column: 'c2', value: 'x' } })
    const unknown = await edit(randomUUID(), '0')
    expect([unknown.status, await errorOf(unknown)]).toEqual([404, { code: 'NOT_FOUND', message: UPLOAD_NOT_FOUND }])
    for (const rowIndex of ['0', 'first']) {
      const malformed = await edit('not-a-uuid', rowIndex)
      expect([rowIndex, malformed.status, await errorOf(malformed)]).toEqual([rowIndex, 404, { code: 'NOT_FOUND', message: UPLOAD_NOT_FOUND }])
    }
    for (const rowIndex of ['first', '-1', '1.5']) {
      const bad = await edit(leadsId, rowIndex)
      expect([rowIndex, bad.status, (await errorOf(bad)).code]).toEqual([rowIndex, 422, 'VALIDATION_FAILED'])
    }
  })

  it('deletes the chosen rows and updates the counts', async () => {
    const id = await importCsv(alice, 'delete.csv', csvOf(['Name', 'Rank'], leads.slice(0, 30).map((row) => [row[1]!, row[0]!])))
    const res = await alice.request(`/api/uploads/${id}/rows`, { method: 'DELETE', json: { rowIndexes: [0, 5, 5, 29, 400] } })
    expect(await readJson(res, deleteRowsResultSchema)).toEqual({ deleted: 3, totalRows: 27 })
    const info = await getUploadDetail(alice, id)
    expect(info).toMatchObject({ totalRows: 27, validRows: 27 })
    const third = await rowsOf(id, { perPage: '10', page: '3' })
    expect(third.count).toBe(27)
    expect(third.data.map((row) => row.rowIndex)).toEqual([22, 23, 24, 25, 26, 27, 28])
    expect(await locate(id, { rowIndex: '12', perPage: '10' })).toEqual({ rowIndex: 12, page: 2, found: true })
    expect((await alice.request(`/api/uploads/${id}/rows`, { method: 'DELETE', json: { rowIndexes: [] } })).status).toBe(422)
  })
})

describe("another user's upload", () => {
  it('is invisible to every rows endpoint', async () => {
    expect((await page({}, 1, 50, bob)).status).toBe(404)
    expect((await bob.request(`/api/uploads/${leadsId}/rows/locate?rowIndex=1&perPage=50`)).status).toBe(404)
    expect((await bob.request(`/api/uploads/${leadsId}/rows/1`, { method: 'PATCH', json: { column: 'c2', value: 'x' } })).status).toBe(404)
    expect((await bob.request(`/api/uploads/${leadsId}/rows`, { method: 'DELETE', json: { rowIndexes: [1] } })).status).toBe(404)
    const untouched = await pageOk({}, 1, 10)
    expect(untouched.count).toBe(ROW_COUNT)
    expect(untouched.data[1]!.values.c2).toBe(leads[1]![1])
  })
})

describe('an upload deleted while it is read', () => {
  it('is the 404 its check would have given, not a failure of the server', async () => {
    // Rows are read from the upload's own table: one deleted after the check has none.
    const deleted = { id: randomUUID(), validRows: 3 }
    await expect(readGridPage({ source: deleted, view: { q: 'acme', filters: [] }, page: 1, perPage: 10 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: UPLOAD_NOT_FOUND,
    })
    await expect(rowsByIndex(deleted.id, [0, 1])).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})
