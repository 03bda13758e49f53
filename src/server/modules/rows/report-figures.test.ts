import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addRowsResultSchema, deleteRowsResultSchema } from '#common/schemas/rows'
import { readJson } from '#server/test/contract'
import { createTestApp, type TestApp, type TestBrowser } from '#server/test/test-app'
import { until } from '#server/test/until'
import { csvOf, getUploadDetail, importCsv } from '#server/test/upload-helpers'

/**
 * The quality report stays current after every change (issue 44): rows added by API, a cell
 * edited to empty, rows deleted; each changes 'Records read', 'Filled cells X of Y' and the
 * completeness score by exactly what it touched, in its own transaction.
 */

let t: TestApp
let alice: TestBrowser

beforeAll(async () => {
  t = await createTestApp({}, { withWorkers: true })
  alice = (await t.signUpVerified()).browser
}, 120_000)
afterAll(async () => {
  await t?.close()
})

const header = ['Customer Id', 'Name', 'Email', 'Company']
/** 30 customers, every cell filled; the file's header is one more record read. */
const customers = Array.from({ length: 30 }, (_, i) => [`C${i}`, `Name ${i}`, `n${i}@example.com`, `Company ${i % 7}`])

const score = (filled: number, total: number) => Math.round((filled / total) * 1000) / 10

async function figures(id: string) {
  const detail = await getUploadDetail(alice, id)
  const metrics = detail.qualityMetrics!
  return {
    records: metrics.totalRecords,
    validRows: metrics.validRows,
    filled: metrics.nonEmptyCells,
    cells: metrics.totalCells,
    score: detail.dataCompletenessScore,
    rows: detail.validRows,
  }
}

describe('the quality report after changes', () => {
  it('counts rows added by API, a cell emptied and rows deleted, exactly', async () => {
    const id = await importCsv(alice, 'customers.csv', csvOf(header, customers))
    expect(await figures(id)).toEqual({ records: 31, validRows: 30, filled: 120, cells: 120, score: 100, rows: 30 })

    // 21 rows, 9 of them with one empty cell (a missing name, or an e-mail sent as null or ''), and a new column the report does not count.
    const rows = Array.from({ length: 21 }, (_, i) => ({
      'Customer Id': `N${i}`,
      Name: i % 7 === 0 ? '' : `New ${i}`,
      Email: i % 5 === 1 ? null : i % 5 === 2 ? '' : `new${i}@example.com`,
      Company: 'Acme',
      Source: 'api',
    }))
    const empty = rows.reduce((n, row) => n + (row.Name === '' ? 1 : 0) + (row.Email ? 0 : 1), 0)
    const res = await alice.request(`/api/uploads/${id}/rows?addColumns=true`, { method: 'POST', json: { rows } })
    expect(res.status, await res.clone().text()).toBe(201)
    expect((await readJson(res, addRowsResultSchema)).added).toBe(21)
    let filled = 120 + 21 * 4 - empty
    expect(await figures(id)).toEqual({ records: 52, validRows: 51, filled, cells: 204, score: score(filled, 204), rows: 51 })

    // A filled cell emptied, an empty one filled, and a cell of the added column (not counted) edited.
    const edit = (rowIndex: number, column: string, value: string | null) =>
      alice.api.uploads[':id'].rows[':rowIndex'].$patch({ param: { id, rowIndex: String(rowIndex) }, json: { column, value } })
    expect((await edit(3, 'c2', '')).status).toBe(200)
    filled -= 1
    expect(await figures(id)).toMatchObject({ filled, cells: 204, score: score(filled, 204) })
    expect((await edit(30, 'c2', 'Named later')).status).toBe(200)
    expect((await edit(3, 'c2', '')).status).toBe(200)
    filled += 1
    const detail = await getUploadDetail(alice, id)
    const source = detail.columns.find((column) => column.name === 'Source')!
    expect((await edit(31, source.key, '')).status).toBe(200)
    expect(await figures(id)).toMatchObject({ filled, cells: 204, score: score(filled, 204) })

    // Deleted: a full row of the file, row 30 (now full) and row 31 (no e-mail), and an index no row has.
    const deleted = await alice.request(`/api/uploads/${id}/rows`, { method: 'DELETE', json: { rowIndexes: [0, 30, 31, 999] } })
    expect(deleted.status).toBe(200)
    expect(await readJson(deleted, deleteRowsResultSchema)).toEqual({ deleted: 3, totalRows: 48 })
    filled -= 4 + 4 + 3
    expect(await figures(id)).toEqual({ records: 49, validRows: 48, filled, cells: 192, score: score(filled, 192), rows: 48 })
  })

  it('counts an upsert by what it changed in the rows it updated', async () => {
    const id = await importCsv(alice, 'upsert.csv', csvOf(header, customers.slice(0, 4)))
    const res = await alice.request(`/api/uploads/${id}/rows?upsert=Customer%20Id`, {
      method: 'POST',
      json: { rows: [{ 'Customer Id': 'c1', Name: null }, { 'Customer Id': 'C9', Name: 'Nine' }] },
    })
    expect((await readJson(res, addRowsResultSchema)).updated).toBe(1)
    expect(await figures(id)).toEqual({ records: 6, validRows: 5, filled: 16 - 1 + 2, cells: 20, score: score(17, 20), rows: 5 })
  })

  it("takes a deleted column's cells out at once, and leaves the figures alone for a column it does not count", async () => {
    const id = await importCsv(alice, 'columns.csv', csvOf(header, customers))
    const emptied = await alice.api.uploads[':id'].rows[':rowIndex'].$patch({ param: { id, rowIndex: '3' }, json: { column: 'c2', value: '' } })
    expect(emptied.status).toBe(200)
    expect(await figures(id)).toMatchObject({ filled: 119, cells: 120 })
    // Name: 29 filled cells of 30 go with it, before its values leave the rows in the background.
    const removed = await alice.api.uploads[':id'].columns[':key'].$delete({ param: { id, key: 'c2' } })
    expect(removed.status).toBe(200)
    expect(await figures(id)).toEqual({ records: 31, validRows: 30, filled: 90, cells: 90, score: 100, rows: 30 })
    // A column added by the rows API is not the file's own: the report never counted it.
    const added = await alice.request(`/api/uploads/${id}/rows?addColumns=true`, { method: 'POST', json: { rows: [{ 'Customer Id': 'N1', Email: 'n@x.io', Company: 'Acme', Source: 'api' }] } })
    expect(added.status).toBe(201)
    expect(await figures(id)).toEqual({ records: 32, validRows: 31, filled: 93, cells: 93, score: 100, rows: 31 })
    const source = (await getUploadDetail(alice, id)).columns.find((column) => column.name === 'Source')!
    expect((await alice.api.uploads[':id'].columns[':key'].$delete({ param: { id, key: source.key } })).status).toBe(200)
    expect(await figures(id)).toEqual({ records: 32, validRows: 31, filled: 93, cells: 93, score: 100, rows: 31 })
  })

  it('keeps the duplicate figures current: records repeated by their identity, after an addition and a deletion', async () => {
    const id = await importCsv(alice, 'dupes.csv', csvOf(header, customers.slice(0, 10)))
    const records = async () => (await getUploadDetail(alice, id)).qualityMetrics?.duplicates?.records?.rows
    expect(await records()).toBe(0)
    const res = await alice.request(`/api/uploads/${id}/rows`, { method: 'POST', json: { rows: [{ 'Customer Id': ' c2', Email: 'N2@example.com' }, { 'Customer Id': 'C3', Email: 'other@example.com' }] } })
    expect(res.status).toBe(201)
    await until('the repeated record to be counted', () => records(), (rows) => rows === 1)
    await alice.request(`/api/uploads/${id}/rows`, { method: 'DELETE', json: { rowIndexes: [10] } })
    await until('the deleted repeat to be gone from the count', () => records(), (rows) => rows === 0)
  })
})
