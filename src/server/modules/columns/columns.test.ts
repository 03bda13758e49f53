import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COLUMN_MESSAGES } from '#common/messages'
import { columnsResponseSchema, type UpdateColumnInput } from '#common/schemas/rows'
import { UPLOAD_NOT_FOUND } from '#server/modules/uploads/upload-id-param'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { csvOf, getUploadDetail, importCsv } from '#server/test/upload-helpers'
import { db } from '#server/db/client'
import { uploadColumns } from '#server/db/schema/index'
import { purgeValues } from './columns.jobs.ts'
import { uploadColumnSchema } from '#common/schemas/uploads'
import { readJson } from '#server/test/contract'

let t: TestApp
let alice: TestBrowser
let bob: TestBrowser

beforeAll(async () => {
  t = await createTestApp({}, { withWorkers: true })
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
  bob = (await t.signUpVerified({ firstName: 'Bob' })).browser
})
afterAll(async () => {
  await t?.close()
})

const people = csvOf(
  ['Name', 'Company', 'Employees'],
  [
    ['Ada', 'Acme', '120'],
    ['Bob', 'Globex', '45'],
    ['Cy', 'Initech', '7'],
  ],
)

const columnsOf = async (id: string) => (await getUploadDetail(alice, id)).columns
const patchColumn = (id: string, key: string, json: UpdateColumnInput, browser = alice) =>
  browser.api.uploads[':id'].columns[':key'].$patch({ param: { id, key }, json })
const deleteColumn = (id: string, key: string, browser = alice) => browser.api.uploads[':id'].columns[':key'].$delete({ param: { id, key } })
const rowsOf = async (id: string, query: { q?: string; sort?: string } = {}) =>
  (await alice.api.uploads[':id'].rows.$get({ param: { id }, query })).json()

describe('columns', () => {
  it('renames a column without touching its rows, and refuses an empty, unchanged or taken name', async () => {
    const id = await importCsv(alice, 'people.csv', people)
    const renamed = await patchColumn(id, 'c2', { name: '  Account ' })
    expect(renamed.status).toBe(200)
    expect(await readJson(renamed, uploadColumnSchema)).toMatchObject({ key: 'c2', name: 'Account', kind: 'source' })
    const rows = await rowsOf(id)
    expect(rows.data[0]!.values).toEqual({ c1: 'Ada', c2: 'Acme', c3: '120' })

    expect((await patchColumn(id, 'c2', { name: '   ' })).status).toBe(422)
    expect((await patchColumn(id, 'c2', { name: 'Account' })).status).toBe(422)
    const taken = await patchColumn(id, 'c2', { name: 'name' })
    expect(taken.status).toBe(409)
    expect(await errorOf(taken)).toMatchObject({ code: 'CONFLICT', message: "'name' is already a column. Please choose a different name." })
  })

  it("refuses a name an AI field already has, with the spec's words", async () => {
    const id = await importCsv(alice, 'ai.csv', people)
    // The enrichment issue creates AI columns; here one is written as it will be.
    await db.insert(uploadColumns).values({ uploadId: id, key: 'a_score', name: 'Lead Score', kind: 'ai', position: 3 })
    const add = await alice.request(`/api/uploads/${id}/columns`, { method: 'POST', json: { name: 'Lead Score', type: 'text' } })
    expect(add.status).toBe(409)
    expect((await errorOf(add)).message).toBe("'Lead Score' is already an AI field. Please choose a different name.")
    const rename = await patchColumn(id, 'c1', { name: 'lead score' })
    expect((await errorOf(rename)).message).toBe("'lead score' is already an AI field. Please choose a different name.")
  })

  it('adds typed columns at the end, editable like the others', async () => {
    const id = await importCsv(alice, 'added.csv', people)
    const res = await alice.api.uploads[':id'].columns.$post({ param: { id }, json: { name: 'Met on', type: 'date' } })
    expect(res.status).toBe(201)
    const column = await readJson(res, uploadColumnSchema)
    expect(column).toMatchObject({ name: 'Met on', type: 'date', kind: 'manual', position: 3, hidden: false })
    expect(column.key).toMatch(/^m_[0-9a-f]{10}$/)
    expect((await alice.request(`/api/uploads/${id}/rows/1`, { method: 'PATCH', json: { column: column.key, value: 'soon' } })).status).toBe(422)
    expect((await alice.request(`/api/uploads/${id}/rows/1`, { method: 'PATCH', json: { column: column.key, value: '2024-05-01' } })).status).toBe(200)
    const sorted = await rowsOf(id, { sort: `${column.key}:desc` })
    expect(sorted.data.map((row) => row.rowIndex)).toEqual([1, 0, 2])
    expect((await alice.request(`/api/uploads/${id}/columns`, { method: 'POST', json: { name: 'X', type: 'money' } })).status).toBe(422)
  })

  it('hides, resizes and reorders columns, and remembers them', async () => {
    const id = await importCsv(alice, 'layout.csv', people)
    expect((await patchColumn(id, 'c3', { hidden: true, width: 240 })).status).toBe(200)
    const order = await alice.api.uploads[':id'].columns.order.$put({ param: { id }, json: { keys: ['c3', 'c1', 'c2'] } })
    expect(order.status).toBe(200)
    const expected = [
      { key: 'c3', position: 0, hidden: true, width: 240 },
      { key: 'c1', position: 1, hidden: false, width: null },
      { key: 'c2', position: 2, hidden: false, width: null },
    ]
    expect((await readJson(order, columnsResponseSchema)).columns).toMatchObject(expected)
    expect(await columnsOf(id)).toMatchObject(expected)
    expect((await readJson(await alice.api.uploads[':id'].columns.$get({ param: { id } }), columnsResponseSchema)).columns).toMatchObject(expected)

    const partial = await alice.request(`/api/uploads/${id}/columns/order`, { method: 'PUT', json: { keys: ['c1', 'c2'] } })
    expect(partial.status).toBe(409)
    const twice = await alice.request(`/api/uploads/${id}/columns/order`, { method: 'PUT', json: { keys: ['c1', 'c1', 'c2'] } })
    expect(twice.status).toBe(409)
    expect((await patchColumn(id, 'c1', { width: 5 })).status).toBe(422)
    expect((await patchColumn(id, 'c1', {})).status).toBe(422)
  })

  it("deletes a column and its values, which no search finds afterwards", async () => {
    const id = await importCsv(alice, 'delete.csv', people)
    const res = await deleteColumn(id, 'c2')
    expect(res.status).toBe(200)
    expect(await readJson(res, columnsResponseSchema)).toMatchObject({ columns: [{ key: 'c1' }, { key: 'c3' }] })
    // The queued purge runs in the background; running it here as well shows it is idempotent.
    await purgeValues({ uploadId: id, key: 'c2' })
    const rows = await rowsOf(id)
    expect(rows.data.map((row) => row.values)).toEqual([
      { c1: 'Ada', c3: '120' },
      { c1: 'Bob', c3: '45' },
      { c1: 'Cy', c3: '7' },
    ])
    expect((await rowsOf(id, { q: 'globex' })).count).toBe(0)
    expect((await deleteColumn(id, 'c2')).status).toBe(404)
    expect((await alice.request(`/api/uploads/${id}/rows?sort=c2:asc`)).status).toBe(422)
  })

  it('answers a malformed column key like an unknown one, and a malformed upload id like an unknown upload', async () => {
    const id = await importCsv(alice, 'keys.csv', people)
    const calls = [
      ['PATCH', (uploadId: string, key: string) => patchColumn(uploadId, key, { name: 'Renamed' })],
      ['DELETE', (uploadId: string, key: string) => deleteColumn(uploadId, key)],
    ] as const
    for (const [method, call] of calls) {
      const unknownKey = await errorOf(await call(id, 'c9'))
      expect([method, unknownKey]).toEqual([method, { code: 'NOT_FOUND', message: COLUMN_MESSAGES.notFound }])
      for (const key of ['C1', '1c', 'c-1', 'not a key']) {
        const res = await call(id, key)
        expect([method, key, res.status, await errorOf(res)]).toEqual([method, key, 404, unknownKey])
      }
      const unknownUpload = await errorOf(await call(randomUUID(), 'c1'))
      expect(unknownUpload).toEqual({ code: 'NOT_FOUND', message: UPLOAD_NOT_FOUND })
      for (const key of ['c1', 'not a key']) {
        const res = await call('not-a-uuid', key)
        expect([method, key, res.status, await errorOf(res)]).toEqual([method, key, 404, unknownUpload])
      }
    }
    expect((await columnsOf(id)).map((column) => column.name)).toEqual(['Name', 'Company', 'Employees'])
  })

  it('renames the file', async () => {
    const id = await importCsv(alice, 'old-name.csv', people)
    const res = await alice.api.uploads[':id'].$patch({ param: { id }, json: { filename: ' Q3 leads.csv ' } })
    expect((await res.json()).filename).toBe('Q3 leads.csv')
    expect((await alice.request(`/api/uploads/${id}`, { method: 'PATCH', json: { filename: '  ' } })).status).toBe(422)
  })

  it("refuses every column endpoint on another user's upload", async () => {
    const id = await importCsv(alice, 'private.csv', people)
    const attempts = [
      bob.request(`/api/uploads/${id}/columns`),
      bob.request(`/api/uploads/${id}/columns`, { method: 'POST', json: { name: 'Mine', type: 'text' } }),
      patchColumn(id, 'c1', { name: 'Mine' }, bob),
      bob.request(`/api/uploads/${id}/columns/order`, { method: 'PUT', json: { keys: ['c3', 'c2', 'c1'] } }),
      deleteColumn(id, 'c1', bob),
      bob.request(`/api/uploads/${id}`, { method: 'PATCH', json: { filename: 'mine.csv' } }),
    ]
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404)
    const info = await getUploadDetail(alice, id)
    expect(info.filename).toBe('private.csv')
    expect(info.columns.map((column) => `${column.key}:${column.name}`)).toEqual(['c1:Name', 'c2:Company', 'c3:Employees'])
  })
})
