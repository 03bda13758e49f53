import type { Pool, PoolClient } from 'pg'
import { driver } from '#server/db/client'
import { logger } from '#server/platform/logger'

/**
 * Background index builds on PostgreSQL (CREATE INDEX CONCURRENTLY, the VACUUM after them), one
 * at a time per rows table, in the order they were asked for (issue 29). Two concurrent builds on
 * one table wait for each other's snapshots: `deadlock detected` lost 3 of 13 sort indexes when a
 * fresh upload's columns were sorted in turn, and 13 builds at once held every connection of the
 * pool. A DROP TABLE beside a build deadlocked with it or failed with `tuple concurrently
 * updated`, so deleting a file right after its import answered 500 and left its rows behind.
 *
 * - In a process, a table's builds wait for each other in a queue: at most one connection each.
 * - Across processes, a build holds the table's advisory lock on its own connection.
 * - Dropping the table cancels the build that is running, then takes the same lock, so it never
 *   runs beside a build; a build that gets the lock after finds the table gone and does nothing.
 *
 * PGlite runs one statement at a time (decision 013) and builds without CONCURRENTLY: none of this
 * is needed there.
 */

/** The advisory lock's first key (7244115: migrations, 7244116: the queue's start); the second is the table's hash. */
const INDEX_BUILD_LOCK = 7244117
const LOCK_SQL = `SELECT pg_advisory_lock(${INDEX_BUILD_LOCK}, hashtext($1))`
const UNLOCK_SQL = `SELECT pg_advisory_unlock(${INDEX_BUILD_LOCK}, hashtext($1))`

/** How long a drop waits for the lock before it cancels the table's builds again, and how often. */
const DROP_LOCK_WAIT = '2s'
const DROP_LOCK_ATTEMPTS = 15

type Client = Pick<PoolClient, 'query'>

function poolOf(): Pool {
  if (driver.kind !== 'pg') throw new Error('Concurrent index builds are for PostgreSQL only')
  return driver.pool
}

const queues = new Map<string, Promise<unknown>>()

/** Runs `fn` once every build of `table` asked for before it in this process has ended. */
function inTableQueue<T>(table: string, fn: () => Promise<T>): Promise<T> {
  const turn = (queues.get(table) ?? Promise.resolve()).then(fn)
  const tail = turn.catch(() => undefined)
  queues.set(table, tail)
  void tail.then(() => {
    if (queues.get(table) === tail) queues.delete(table)
  })
  return turn
}

async function release(client: PoolClient, table: string, isLocked: boolean) {
  if (!isLocked) return client.release()
  try {
    await client.query(UNLOCK_SQL, [table])
    client.release()
  } catch (error) {
    // A connection that cannot unlock is closed: the server frees its locks with it.
    client.release(error instanceof Error ? error : true)
  }
}

/**
 * Runs `build` on a connection of its own that holds the table's build lock, after the table's
 * earlier builds. False, without running it, when the table is gone (its file was deleted).
 */
async function inBuildTurn(table: string, build: (client: Client) => Promise<void>): Promise<boolean> {
  const pool = poolOf()
  return inTableQueue(table, async () => {
    const client = await pool.connect()
    let isLocked = false
    try {
      await client.query(LOCK_SQL, [table])
      isLocked = true
      const { rows } = await client.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [`"${table}"`])
      if (!rows[0]?.found) return false
      await build(client)
      return true
    } finally {
      await release(client, table, isLocked)
    }
  })
}

/**
 * Builds an index concurrently in the table's turn; false when the table is gone. `definition`
 * is what follows the table's name (`(expr, row_index)`, `USING gin (...)`).
 */
export function buildIndexConcurrently(table: string, name: string, definition: string): Promise<boolean> {
  return inBuildTurn(table, async (client) => {
    await client.query(`SET maintenance_work_mem = '256MB'`)
    try {
      await createIndexConcurrently(client, name, table, definition)
    } finally {
      await client.query('RESET maintenance_work_mem')
    }
  })
}

/** Fresh statistics and a visibility map (index-only scans stay index-only), in the table's turn. */
export function vacuumAnalyze(table: string): Promise<boolean> {
  return inBuildTurn(table, async (client) => {
    await client.query(`VACUUM (ANALYZE) "${table}"`)
  })
}

/** Drops an index concurrently in its table's turn (a deleted column's). */
export function dropIndexInTurn(table: string, name: string): Promise<boolean> {
  return inBuildTurn(table, (client) => dropIndexConcurrently(client, name))
}

/**
 * A failed CREATE INDEX CONCURRENTLY leaves an invalid index behind, which IF NOT EXISTS would then
 * keep forever: it is dropped, so the next attempt builds it again. (Since sorting reads a bounded
 * prefix, no value should make a build fail; a cancelled build still can.)
 */
async function createIndexConcurrently(client: Client, name: string, table: string, definition: string) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await client.query(`CREATE INDEX CONCURRENTLY IF NOT EXISTS "${name}" ON "${table}" ${definition}`)
      return
    } catch (error) {
      // Another build of the same index began first (an older process's): that one stands.
      const code = (error as { code?: string }).code
      if (code === '42P07' || code === '23505') return
      await client.query(`DROP INDEX CONCURRENTLY IF EXISTS "${name}"`).catch(() => {})
      // Builds on two different tables can still deadlock each other; the loser tries again.
      if (code !== '40P01' || attempt === 3) throw error
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt))
    }
  }
}

/**
 * Two drops of one index at once (the queued purge and a second purge of the same column) make
 * the later one fail with "tuple concurrently updated": the index is going either way, so the
 * drop is tried again once the other has finished.
 */
async function dropIndexConcurrently(client: Client, name: string, attempts = 3): Promise<void> {
  try {
    await client.query(`DROP INDEX CONCURRENTLY IF EXISTS "${name}"`)
  } catch (error) {
    if (attempts <= 1 || !(error instanceof Error) || !error.message.includes('tuple concurrently updated')) throw error
    await new Promise((resolve) => setTimeout(resolve, 200))
    await dropIndexConcurrently(client, name, attempts - 1)
  }
}

/**
 * Whether a build ended because it was cancelled on purpose (`query_canceled`: a newer build or a
 * drop of its table stopped it, "canceling statement due to user request"). An expected cancel,
 * logged at info level, not an error.
 */
export const isCancelledBuild = (error: unknown) => (error as { code?: string } | null)?.code === '57014'

/** Cancels the builds running on a table, in any process (their statements name it, quoted). */
const CANCEL_BUILDS_SQL = `
  SELECT pg_cancel_backend(pid) FROM pg_stat_activity
  WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'active'
    AND (query LIKE 'CREATE INDEX CONCURRENTLY%' OR query LIKE 'VACUUM%') AND position($1 in query) > 0`

/**
 * Drops a rows table whatever is still being built on it: the running build is cancelled (its
 * index goes with the table), the build lock taken, and the table dropped while no build runs.
 * A build that started between the cancel and the lock is cancelled at the next round.
 */
export async function dropTableStoppingBuilds(table: string) {
  const client = await poolOf().connect()
  let isLocked = false
  try {
    for (let attempt = 1; !isLocked; attempt += 1) {
      const { rows } = await client.query(CANCEL_BUILDS_SQL, [`"${table}"`])
      if (rows.length > 0) logger.info({ event: 'row_storage.builds_cancelled', table, builds: rows.length })
      await client.query(`SET lock_timeout = '${DROP_LOCK_WAIT}'`)
      try {
        await client.query(LOCK_SQL, [table])
        isLocked = true
      } catch (error) {
        if ((error as { code?: string }).code !== '55P03' || attempt >= DROP_LOCK_ATTEMPTS) throw error
      } finally {
        await client.query('RESET lock_timeout')
      }
    }
    await client.query(`DROP TABLE IF EXISTS "${table}"`)
  } finally {
    await release(client, table, isLocked)
  }
}
