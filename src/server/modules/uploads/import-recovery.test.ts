import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { IMPORT_RECOVERY_MESSAGES } from '#common/messages'
import { driver } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { createTestApp, type TestApp, type TestBrowser } from '#server/test/test-app'
import { until } from '#server/test/until'
import { csvOf, importCsv } from '#server/test/upload-helpers'
import { failAbandonedImport } from './import-upload.ts'
import { dropOrphanRowTables, partitionName } from '#server/modules/row-storage/row-writer'
import { deletedUploadSchema, uploadSummarySchema } from '#common/schemas/uploads'
import { readJson } from '#server/test/contract'

/** What a user can do with an upload a crash left behind: retry it, delete it; and its leftovers go. */
let t: TestApp
let alice: TestBrowser
let bob: TestBrowser

const rows = Array.from({ length: 40 }, (_, i) => [`lead ${i}`, `l${i}@example.com`])

beforeAll(async () => {
  t = await createTestApp({}, { withWorkers: true })
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
  bob = (await t.signUpVerified({ firstName: 'Bob' })).browser
})
afterAll(async () => {
  await t?.close()
})

const tableExists = async (name: string) => (await queryRows(sql`SELECT 1 FROM pg_class WHERE relname = ${name}`)).length > 0

async function statusOf(id: string) {
  const [row] = await queryRows<{ status: string; error_message: string | null }>(
    sql`SELECT status, error_message FROM csv_uploads WHERE id = ${id}`,
  )
  return row
}

/**
 * An upload as a crash leaves it: 'processing', no import job left, a staging table half full.
 * On PostgreSQL the import's index builds finish first (a concurrent build and a DETACH deadlock).
 */
async function strand(id: string) {
  if (driver.kind === 'pg') {
    await until(
      'the import’s index builds',
      () =>
        queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM pg_indexes i JOIN pg_class c ON c.relname = i.indexname
          JOIN pg_index x ON x.indexrelid = c.oid WHERE i.tablename = ${partitionName(id)} AND x.indisvalid`),
      // The primary key, the search index and one sort index per column.
      ([built]) => (built?.n ?? 0) >= 4,
      30_000,
    )
  }
  await queryRows(sql`UPDATE csv_uploads SET status = 'processing' WHERE id = ${id}`)
  await queryRows(sql`DELETE FROM csv_rows WHERE upload_id = ${id}`)
  await queryRows(sql.raw(`ALTER TABLE csv_rows DETACH PARTITION "${partitionName(id)}"`))
}

it('fails an import whose every attempt was abandoned, drops its staging table, and lets the user retry it', async () => {
  const id = await importCsv(alice, 'leads.csv', csvOf(['Name', 'Email'], rows))
  await strand(id)
  await failAbandonedImport({ uploadId: id })
  expect(await statusOf(id)).toEqual({ status: 'failed', error_message: IMPORT_RECOVERY_MESSAGES.abandoned })
  expect(await tableExists(partitionName(id))).toBe(false)

  expect((await bob.request(`/api/uploads/${id}/retry`, { method: 'POST' })).status).toBe(404)
  const res = await alice.api.uploads[':id'].retry.$post({ param: { id } })
  expect(res.status, await res.clone().text()).toBe(200)
  expect((await readJson(res, uploadSummarySchema)).status).toBe('processing')
  await until('the import to complete', () => statusOf(id), (upload) => upload?.status === 'completed', 30_000)
  const page = await (await alice.api.uploads[':id'].rows.$get({ param: { id }, query: { perPage: '100' } })).json()
  expect(page.count).toBe(rows.length)
  // A completed upload is not imported again.
  expect((await alice.request(`/api/uploads/${id}/retry`, { method: 'POST' })).status).toBe(409)
})

it('retries a stuck upload (importing, with no import job left) but not one whose import is queued', async () => {
  const id = await importCsv(alice, 'stuck.csv', csvOf(['Name', 'Email'], rows))
  await strand(id)
  const res = await alice.request(`/api/uploads/${id}/retry`, { method: 'POST' })
  expect(res.status, await res.clone().text()).toBe(200)
  // Its import job now waits or runs: a second retry, or a delete, is refused.
  const again = await alice.request(`/api/uploads/${id}/retry`, { method: 'POST' })
  const deleting = await alice.request(`/api/uploads/${id}`, { method: 'DELETE' })
  const statuses = [again.status, deleting.status]
  // Unless the small import already finished: then retry is refused as completed, delete works.
  if ((await statusOf(id))?.status === 'processing') expect(statuses).toEqual([409, 409])
  await until('the import to end', () => statusOf(id), (upload) => upload?.status !== 'processing', 30_000)
  expect((await statusOf(id))?.status ?? 'deleted').toMatch(/completed|deleted/)
})

it('deletes a stuck upload with its rows and files, and only for its owner', async () => {
  const id = await importCsv(alice, 'gone.csv', csvOf(['Name', 'Email'], rows))
  const [upload] = await queryRows<{ storage_path: string }>(sql`SELECT storage_path FROM csv_uploads WHERE id = ${id}`)
  await strand(id)
  expect((await bob.request(`/api/uploads/${id}`, { method: 'DELETE' })).status).toBe(404)
  const res = await alice.request(`/api/uploads/${id}`, { method: 'DELETE' })
  expect(res.status, await res.clone().text()).toBe(200)
  expect(await readJson(res, deletedUploadSchema)).toEqual({ id, filename: 'gone.csv' })
  expect(await statusOf(id)).toBeUndefined()
  expect(await tableExists(partitionName(id))).toBe(false)
  expect(existsSync(join(upload!.storage_path, '..'))).toBe(false)
  expect((await alice.request(`/api/uploads/${id}`)).status).toBe(404)
})

it('drops row tables no upload waits for, and keeps the others', { timeout: 120_000 }, async () => {
  const kept = await importCsv(alice, 'kept.csv', csvOf(['Name', 'Email'], rows))
  const failed = await importCsv(alice, 'failed.csv', csvOf(['Name', 'Email'], rows))
  await strand(failed)
  await queryRows(sql`UPDATE csv_uploads SET status = 'failed' WHERE id = ${failed}`)
  // A staging table whose upload no longer exists, and one still being imported.
  const orphanId = '00000000-0000-4000-8000-000000000001'
  await queryRows(sql.raw(`CREATE TABLE "${partitionName(orphanId)}" (LIKE csv_rows INCLUDING DEFAULTS)`))
  const importing = await importCsv(alice, 'importing.csv', csvOf(['Name', 'Email'], rows))
  await strand(importing)

  // The queue's periodic orphan check runs the same function and may get there first: what
  // matters is which tables are left.
  await dropOrphanRowTables()
  expect(await tableExists(partitionName(failed))).toBe(false)
  expect(await tableExists(partitionName(orphanId))).toBe(false)
  expect(await tableExists(partitionName(kept))).toBe(true)
  expect(await tableExists(partitionName(importing))).toBe(true)
})
