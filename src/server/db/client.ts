import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { requestStartedAt } from '#server/platform/foreground'
import { logger } from '#server/platform/logger'
import * as schema from './schema/index.ts'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

/** The raw driver, for the few places that need more than Drizzle (bulk COPY, LISTEN/NOTIFY). */
export type Driver = { kind: 'pglite'; client: PGlite } | { kind: 'pg'; pool: pg.Pool }

export type DatabaseHandle = { db: Database; driver: Driver; close: () => Promise<void> }

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** Replaced at boot by `connectDatabase()`; every service reads it. */
export let db: Database
export let driver: Driver

export type ConnectOptions = {
  databaseUrl?: string
  pgliteDir?: string
  poolSize?: number
  /** A PGlite data directory to start from (`dumpDataDir`): the tests' already migrated database. */
  pgliteTemplate?: Blob
}

/** Opens PostgreSQL when a URL is given, else PGlite in `pgliteDir` (in memory when omitted). */
export async function openDatabase(options: ConnectOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 })
    // An idle connection the server closes (restart, failover, a dropped test database) emits
    // 'error' on the pool; unheard, it would end the process. The pool replaces the connection.
    pool.on('error', (error) => logger.warn({ event: 'db.idle_client_error', err: error }))
    const database = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Database
    return { db: database, driver: { kind: 'pg', pool }, close: () => pool.end() }
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true })
  const client = takeTurns(await PGlite.create({ dataDir: options.pgliteDir, loadDataDir: options.pgliteTemplate, extensions: { pg_trgm } }), requestStartedAt)
  const database = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database
  return { db: database, driver: { kind: 'pglite', client }, close: () => client.close() }
}

/** A turn this long is logged (`db.pglite.long_turn`): every request waited for it. */
const LONG_TURN_MS = 250

/** Enough of a statement to know which it was: its first words, with every quoted literal as `?` (no value is logged). */
const statementStart = (text: unknown) =>
  typeof text === 'string' ? text.replace(/'(?:[^']|'')*'?/g, '?').replace(/\s+/g, ' ').trim().slice(0, 80) : '(statement)'

/**
 * PGlite runs each statement on this thread, and hands its lock from one waiting statement to the
 * next without returning to the event loop: a queue of statements (a worker's claims and writes,
 * job polls, a page's queries) ran as one long task, and network I/O waited for all of it (AI
 * calls took 115 ms against a 100 ms provider). Here every statement, or transaction, first
 * waits its turn, then lets pending I/O run (`setImmediate`) before it starts.
 *
 * Whose turn: the statement of the request that started first (`turnPriority`, the request's
 * start for a statement made while answering one; its own arrival for background work), in the
 * order asked within a request. Turns in the order statements arrived shared PGlite between every
 * request in flight, so under load a plan of eight statements waited eight times behind all the
 * others, and the slowest requests took several times the median (issue 42's load bench); the
 * request started first now ends first. Background work is never starved: a statement waiting
 * has the priority of the moment it arrived, older than every request that starts after it.
 */
export function takeTurns(client: PGlite, turnPriority: () => number | undefined = () => undefined): PGlite {
  type Waiting = { priority: number; askedAt: number; inRequest: boolean; order: number; what: string; run: () => Promise<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void }
  const waiting: Waiting[] = []
  let busy = false
  let asked = 0
  const next = () => {
    if (busy || waiting.length === 0) return
    busy = true
    setImmediate(() => {
      let first = 0
      for (let i = 1; i < waiting.length; i += 1) {
        const a = waiting[i]!
        const b = waiting[first]!
        if (a.priority < b.priority || (a.priority === b.priority && a.order < b.order)) first = i
      }
      const [turn] = waiting.splice(first, 1)
      const started = performance.now()
      turn!
        .run()
        .then(turn!.resolve, turn!.reject)
        .finally(() => {
          busy = false
          const ms = performance.now() - started
          // What held every other request (issue 42): the statement's start, never its values.
          if (ms >= LONG_TURN_MS) {
            const { what, askedAt, inRequest } = turn!
            logger.info({ event: 'db.pglite.long_turn', ms: Math.round(ms), waitedMs: Math.round(started - askedAt), inRequest, waiting: waiting.length, sql: what })
          }
          next()
        })
    })
  }
  const inTurn = <T>(what: string, run: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const requestStart = turnPriority()
      const askedAt = performance.now()
      waiting.push({ priority: requestStart ?? askedAt, askedAt, inRequest: requestStart !== undefined, order: asked++, what, run, resolve: resolve as (value: unknown) => void, reject })
      next()
    })
  const query = client.query.bind(client)
  const exec = client.exec.bind(client)
  const transaction = client.transaction.bind(client)
  client.query = ((...args: Parameters<PGlite['query']>) => inTurn(statementStart(args[0]), () => query(...args))) as PGlite['query']
  client.exec = ((...args: Parameters<PGlite['exec']>) => inTurn(statementStart(args[0]), () => exec(...args))) as PGlite['exec']
  client.transaction = ((...args: Parameters<PGlite['transaction']>) => inTurn('(transaction)', () => transaction(...args))) as PGlite['transaction']
  return client
}

export async function migrateDatabase(handle: DatabaseHandle) {
  if (handle.driver.kind === 'pg') {
    // Several processes may start at once against one server: migrate one at a time.
    const lock = await handle.driver.pool.connect()
    try {
      await lock.query('SELECT pg_advisory_lock(7244115)')
      await migratePg(handle.db as never, { migrationsFolder })
    } finally {
      await lock.query('SELECT pg_advisory_unlock(7244115)').catch(() => {})
      lock.release()
    }
  } else {
    await migratePglite(handle.db as never, { migrationsFolder })
  }
}

export async function connectDatabase(options: ConnectOptions): Promise<DatabaseHandle> {
  const handle = await openDatabase(options)
  await migrateDatabase(handle)
  db = handle.db
  driver = handle.driver
  return handle
}
