import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { driver } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { createTestApp, type TestApp, type TestBrowser } from '#server/test/test-app'
import { until } from '#server/test/until'
import { csvOf, importCsv } from '#server/test/upload-helpers'
import { sortIndexName } from './grid-indexes.ts'
import { partitionName } from './row-writer.ts'

/**
 * Issue 29, items 14 and 15: the background index builds of a fresh upload (PostgreSQL builds
 * them with CREATE INDEX CONCURRENTLY after the import) must neither break a delete of the file
 * nor deadlock each other. On PostgreSQL a transaction opened before the builds holds each of
 * them at its last step (a concurrent build waits for every older snapshot), so the test decides
 * when they run. PGlite builds indexes in the statements' turn: the same journeys must hold.
 */

let t: TestApp
let browser: TestBrowser
beforeAll(async () => {
  t = await createTestApp({}, { withWorkers: true })
  browser = (await t.signUpVerified()).browser
}, 120_000)
afterAll(async () => {
  await t?.close()
})

const COLUMNS = 13
const header = Array.from({ length: COLUMNS }, (_, i) => `Column ${i + 1}`)
const rows = Array.from({ length: 3000 }, (_, r) => header.map((_, c) => `${(r * 7919 + c * 104729) % 10007} value ${c}`))

/** On PostgreSQL, a repeatable-read transaction with a snapshot: concurrent index builds wait for it to end. */
async function holdIndexBuilds(): Promise<{ release: () => Promise<void> }> {
  if (driver.kind !== 'pg') return { release: async () => {} }
  const client = new pg.Client({ connectionString: t.runtime.env.DATABASE_URL })
  await client.connect()
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ')
  await client.query('SELECT 1')
  let released = false
  return {
    release: async () => {
      if (released) return
      released = true
      await client.query('COMMIT')
      await client.end()
    },
  }
}

/** Concurrent index builds on the table running now (PostgreSQL; none on PGlite). */
async function buildsRunningOn(table: string): Promise<number> {
  if (driver.kind !== 'pg') return 0
  const [row] = await queryRows<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM pg_stat_activity
    WHERE datname = current_database() AND state = 'active' AND query LIKE 'CREATE INDEX CONCURRENTLY%'
      AND position(${`"${table}"`} in query) > 0`)
  return row?.n ?? 0
}

const tableExists = async (table: string) => (await queryRows(sql`SELECT 1 FROM pg_class WHERE relname = ${table}`)).length > 0

const validSortIndexes = async (uploadId: string) => {
  const names = header.map((_, i) => sortIndexName(uploadId, `c${i + 1}`))
  const found = await queryRows<{ relname: string }>(sql`
    SELECT c.relname FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid
    WHERE c.relname IN ${sql.raw(`(${names.map((name) => `'${name}'`).join(', ')})`)} AND i.indisvalid`)
  return found.length
}

describe('background index builds', () => {
  it('deletes a file while its index builds still run, and leaves no rows table', async () => {
    const held = await holdIndexBuilds()
    try {
      const id = await importCsv(browser, 'fresh.csv', csvOf(header, rows))
      const table = partitionName(id)
      // The import's first build has started and waits for the held transaction.
      if (driver.kind === 'pg') await until('an index build to start', () => buildsRunningOn(table), (n) => n > 0)

      const res = await browser.request(`/api/uploads/${id}`, { method: 'DELETE' })
      expect(res.status).toBe(200)
      expect(await tableExists(table)).toBe(false)
      expect((await browser.request(`/api/uploads/${id}`)).status).toBe(404)
    } finally {
      await held.release()
    }
  })

  it('builds the sort indexes of columns sorted in turn one at a time, none lost to a deadlock', async () => {
    const held = await holdIndexBuilds()
    let id: string
    let most = 0
    try {
      id = await importCsv(browser, 'sorted.csv', csvOf(header, rows))
      const table = partitionName(id)
      if (driver.kind === 'pg') await until('an index build to start', () => buildsRunningOn(table), (n) => n > 0)
      // Each column's first sort asks for its index while the import's builds are under way.
      for (let i = COLUMNS; i >= 1; i -= 1) {
        expect((await browser.request(`/api/uploads/${id}/rows?sort=c${i}:asc&perPage=10`)).status).toBe(200)
        most = Math.max(most, await buildsRunningOn(table))
      }
      most = Math.max(most, await buildsRunningOn(table))
    } finally {
      await held.release()
    }
    const table = partitionName(id)
    await until(
      'every sort index',
      async () => {
        most = Math.max(most, await buildsRunningOn(table))
        return validSortIndexes(id)
      },
      (n) => n === COLUMNS,
      60_000,
    )
    expect(most).toBeLessThanOrEqual(1)
  }, 90_000)
})
