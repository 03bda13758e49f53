import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InferRequestType } from 'hono/client'
import { db } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { csvUploads, exports, uploadColumns } from '#server/db/schema/index'
import { createTestApp, type TestApp, type TestBrowser } from '#server/test/test-app'
import { csvOf, importCsv } from '#server/test/upload-helpers'
import { deletedFolderSchema, folderListSchema, folderSummarySchema, workspaceStatsSchema } from '#common/schemas/folders'
import { uploadSummarySchema, uploadsPageSchema } from '#common/schemas/uploads'
import { readJson } from '#server/test/contract'

let t: TestApp
let alice: TestBrowser
let bob: TestBrowser
let aliceId: string

const leads = csvOf(['Name', 'Company'], [['Ada', 'Acme'], ['Bob', 'Globex'], ['Cy', 'Initech']])

beforeAll(async () => {
  t = await createTestApp({}, { withWorkers: true })
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
  bob = (await t.signUpVerified({ firstName: 'Bob' })).browser
  aliceId = await t.userIdOf(alice)
})
afterAll(async () => {
  await t?.close()
})

/** Checks the status, showing the error body when it is not the one expected. */
async function expectStatus(res: Pick<Response, 'status' | 'ok' | 'clone'>, status = 200) {
  expect(res.status, res.ok ? '' : await res.clone().text()).toBe(status)
}
async function createFolder(browser: TestBrowser, name: string) {
  const res = await browser.api.folders.$post({ json: { name } })
  await expectStatus(res, 201)
  return readJson(res, folderSummarySchema)
}
async function listFiles(browser: TestBrowser, query: InferRequestType<TestBrowser['api']['uploads']['$get']>['query'] = {}) {
  const res = await browser.api.uploads.$get({ query })
  await expectStatus(res)
  return (await readJson(res, uploadsPageSchema)).data
}
async function listFolders(browser: TestBrowser, query: InferRequestType<TestBrowser['api']['folders']['$get']>['query'] = {}) {
  const res = await browser.api.folders.$get({ query })
  await expectStatus(res)
  return (await readJson(res, folderListSchema)).data
}
async function dashboardStats(browser: TestBrowser) {
  const res = await browser.api.dashboard.stats.$get()
  await expectStatus(res)
  return readJson(res, workspaceStatsSchema)
}
async function exportAll(browser: TestBrowser, id: string) {
  const res = await browser.request(`/api/uploads/${id}/exports`, { method: 'POST', json: { format: 'csv', scope: 'all' } })
  expect(res.status).toBe(200)
  await res.text()
}
const moveFile = (browser: TestBrowser, id: string, folderId: string | null) => browser.api.uploads[':id'].folder.$put({ param: { id }, json: { folderId } })

describe('folders', () => {
  it('creates a folder with a trimmed name and a colour, and refuses a blank name', async () => {
    const folder = await createFolder(alice, '  Q3 leads  ')
    expect(folder).toMatchObject({ name: 'Q3 leads', fileCount: 0 })
    expect(folder.color).toMatch(/^[a-z]+$/)
    const blank = await alice.post('/api/folders', { name: '   ' })
    expect(blank.status).toBe(422)
  })

  it('moves files in and out, counts them, and moves them to the root when the folder is deleted', async () => {
    const folder = await createFolder(alice, 'Prospects')
    const id = await importCsv(alice, 'prospects.csv', leads)
    const moved = await moveFile(alice, id, folder.id)
    await expectStatus(moved)
    expect((await readJson(moved, uploadSummarySchema)).folderId).toBe(folder.id)
    expect((await listFolders(alice)).find((f) => f.id === folder.id)?.fileCount).toBe(1)
    expect((await listFiles(alice)).find((f) => f.id === id)?.folderId).toBe(folder.id)

    await expectStatus(await moveFile(alice, id, null))
    expect((await listFiles(alice)).find((f) => f.id === id)?.folderId).toBeNull()

    await expectStatus(await moveFile(alice, id, folder.id))
    const deleted = await alice.api.folders[':id'].$delete({ param: { id: folder.id } })
    await expectStatus(deleted)
    expect((await readJson(deleted, deletedFolderSchema)).movedToRoot).toBe(1)
    expect((await listFolders(alice)).some((f) => f.id === folder.id)).toBe(false)
    const file = (await listFiles(alice)).find((f) => f.id === id)
    expect(file?.folderId).toBeNull()
    expect(file?.totalRows).toBe(3)
  })

  it('sorts files and folders six ways and searches them by name', async () => {
    await createFolder(alice, 'alpha')
    await createFolder(alice, 'Zulu')
    const b = await importCsv(alice, 'beta-list.csv', leads)
    const a = await importCsv(alice, 'Alpha-list.csv', leads)
    // Make creation and update orders differ: the older file was touched last.
    await expectStatus(await alice.api.uploads[':id'].$patch({ param: { id: b }, json: { filename: 'beta-list.csv' } }))

    type FilesSort = NonNullable<Parameters<typeof listFiles>[1]>['sort']
    const names = async (sort: FilesSort) => (await listFiles(alice, { sort, q: '-list' })).map((f) => f.filename)
    expect(await names('name_asc')).toEqual(['Alpha-list.csv', 'beta-list.csv'])
    expect(await names('name_desc')).toEqual(['beta-list.csv', 'Alpha-list.csv'])
    expect(await names('created_desc')).toEqual(['Alpha-list.csv', 'beta-list.csv'])
    expect(await names('created_asc')).toEqual(['beta-list.csv', 'Alpha-list.csv'])
    expect(await names('updated_desc')).toEqual(['beta-list.csv', 'Alpha-list.csv'])
    expect(await names('updated_asc')).toEqual(['Alpha-list.csv', 'beta-list.csv'])
    expect((await listFiles(alice, { q: 'ALPHA' })).map((f) => f.id)).toEqual([a])
    expect((await listFiles(alice, { q: '%' })).length).toBe(0)

    type FoldersSort = NonNullable<Parameters<typeof listFolders>[1]>['sort']
    const folderNames = async (sort: FoldersSort) =>
      (await listFolders(alice, { sort })).map((f) => f.name).filter((n) => ['alpha', 'Zulu'].includes(n))
    expect(await folderNames('name_asc')).toEqual(['Zulu', 'alpha'])
    expect(await folderNames('created_desc')).toEqual(['Zulu', 'alpha'])
    expect(await folderNames('created_asc')).toEqual(['alpha', 'Zulu'])
    expect((await listFolders(alice, { q: 'zul' })).map((f) => f.name)).toEqual(['Zulu'])
    expect((await alice.request('/api/uploads?sort=size')).status).toBe(422)
  })

  it("keeps another user's files and folders out of reach by id", async () => {
    const folder = await createFolder(alice, 'Private')
    const id = await importCsv(alice, 'private.csv', leads)
    const bobFolder = await createFolder(bob, 'Bob folder')

    expect((await listFolders(bob)).map((f) => f.id)).toEqual([bobFolder.id])
    expect((await moveFile(bob, id, bobFolder.id)).status).toBe(404)
    expect((await moveFile(alice, id, bobFolder.id)).status).toBe(404)
    expect((await bob.request(`/api/folders/${folder.id}`, { method: 'DELETE' })).status).toBe(404)
    expect((await bob.request(`/api/uploads/${id}`, { method: 'DELETE' })).status).toBe(404)
    expect((await listFolders(alice)).some((f) => f.id === folder.id)).toBe(true)
    expect((await listFiles(alice)).some((f) => f.id === id)).toBe(true)
  })
})

describe('deleting a file', () => {
  it('removes its rows, columns, exports and stored file, and reports the name', async () => {
    const id = await importCsv(alice, 'doomed.csv', leads)
    await exportAll(alice, id)
    const [stored] = await db.select().from(csvUploads).where(eq(csvUploads.id, id))
    expect(existsSync(stored!.storagePath)).toBe(true)

    const res = await alice.api.uploads[':id'].$delete({ param: { id } })
    await expectStatus(res)
    expect((await res.json()).filename).toBe('doomed.csv')

    const [rows] = await queryRows<{ n: string }>(sql`SELECT count(*) AS n FROM csv_rows WHERE upload_id = ${id}`)
    expect(Number(rows!.n)).toBe(0)
    expect(await db.select().from(uploadColumns).where(eq(uploadColumns.uploadId, id))).toEqual([])
    expect(await db.select().from(exports).where(eq(exports.uploadId, id))).toEqual([])
    expect(existsSync(join(stored!.storagePath, '..'))).toBe(false)
    const [partition] = await queryRows<{ n: string }>(
      sql`SELECT count(*) AS n FROM pg_class WHERE relname = ${`csv_rows_u_${id.replace(/-/g, '')}`}`,
    )
    expect(Number(partition!.n)).toBe(0)
    expect((await alice.request(`/api/uploads/${id}`)).status).toBe(404)
    expect((await alice.request(`/api/uploads/${id}`, { method: 'DELETE' })).status).toBe(404)
  })
})

describe('dashboard counters', () => {
  it('counts processed files, rows with an AI value and exports, for the signed-in user only', async () => {
    const carol = (await t.signUpVerified({ firstName: 'Carol' })).browser
    const carolId = await t.userIdOf(carol)
    expect(await dashboardStats(carol)).toEqual({
      filesProcessed: 0,
      rowsEnriched: 0,
      exportsCreated: 0,
    })
    const id = await importCsv(carol, 'carol.csv', leads)
    await exportAll(carol, id)

    // An AI column whose value is written into two of the three rows, as the engine does.
    await db.insert(uploadColumns).values({ uploadId: id, key: 'ai_score', name: 'Score', position: 9, kind: 'ai' })
    await db.execute(sql`UPDATE csv_rows SET data = data || '{"ai_score":"high"}'::jsonb WHERE upload_id = ${id} AND row_index < 2`)
    await db.execute(sql`UPDATE csv_rows SET data = data || '{"ai_score":""}'::jsonb WHERE upload_id = ${id} AND row_index = 2`)

    expect(await dashboardStats(carol)).toEqual({
      filesProcessed: 1,
      rowsEnriched: 2,
      exportsCreated: 1,
    })
    const aliceStats = await dashboardStats(alice)
    expect(aliceStats.rowsEnriched).toBe(0)
    expect(carolId).not.toBe(aliceId)
    expect((await listFiles(carol))[0]?.aiFieldCount).toBe(1)
    expect((await t.app.request('/api/dashboard/stats')).status).toBe(401)
  })
})
