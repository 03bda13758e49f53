import type { PGlite } from '@electric-sql/pglite'
import { and, asc, eq } from 'drizzle-orm'
import { db, driver } from '#server/db/client'
import { csvUploads, uploadColumns } from '#server/db/schema/index'
import { cellText, sortValueDdl, type ViewColumn } from './view-sql.ts'
import { PGLITE_IDLE_MS, waitForIdle } from '#server/platform/foreground'
import { logger } from '#server/platform/logger'
import { buildIndexConcurrently, dropIndexInTurn, isCancelledBuild, vacuumAnalyze } from './index-builds.ts'
import { partitionName } from './row-writer.ts'

/**
 * Sort indexes, one per source column of an upload's partition, on the very expression the grid
 * sorts by (view-sql.ts) plus row_index: the first page of a sort, and with the grid's paging
 * any page, is read from the index instead of sorting every row. Built after the import, like
 * the search index, on PostgreSQL. PGlite builds each when first needed (`ensureSortIndex`) and,
 * for a large table, ahead of time whenever the server is idle (`buildSortIndexesAtIdle`).
 */

/** The most columns indexed per upload; sorting a wider table's other columns reads every row. */
const MAX_SORT_INDEXES = 40

/**
 * A date column's sort index names its day/month order (`_d`, `_m`, `_n` for none), so a switch of
 * order builds a new index in every process instead of finding the old one by its name.
 */
const DATE_ORDER_SUFFIXES = ['_d', '_m', '_n'] as const
export function sortIndexName(uploadId: string, column: string | Pick<ViewColumn, 'key' | 'type' | 'dateOrder'>) {
  if (typeof column === 'string' || column.type !== 'date') return `${partitionName(uploadId)}_s_${typeof column === 'string' ? column : column.key}`
  return `${partitionName(uploadId)}_s_${column.key}${column.dateOrder === 'dmy' ? '_d' : column.dateOrder === 'mdy' ? '_m' : '_n'}`
}
/** `_t_`: on rowcraft_fold, as conditions compare (plan-sql.ts); the `_f_` ones of before were on lower(). */
export const filterIndexName = (uploadId: string, key: string) => `${partitionName(uploadId)}_t_${key}`
const oldFilterIndexName = (uploadId: string, key: string) => `${partitionName(uploadId)}_f_${key}`

export async function buildSortIndexes(uploadId: string, rows: number): Promise<number> {
  if (driver.kind === 'pglite') {
    if (rows > PGLITE_INLINE_SORT_INDEX_ROWS) buildSortIndexesAtIdle(uploadId, driver.client)
    return 0
  }
  const columns = await sortedColumnsOf(uploadId)
  const table = partitionName(uploadId)
  for (const column of columns) {
    // The file was deleted meanwhile: nothing is left to index.
    if (!(await buildIndexConcurrently(table, sortIndexName(uploadId, column), `(${sortValueDdl(column)}, row_index)`))) return 0
  }
  // Fresh statistics for the planner, and a visibility map so index-only scans stay index-only.
  await vacuumAnalyze(table)
  logger.info({ event: 'uploads.sort_indexes.built', uploadId, columns: columns.length })
  return columns.length
}

const sortedColumnsOf = (uploadId: string) =>
  db
    .select({ key: uploadColumns.key, name: uploadColumns.name, type: uploadColumns.type, dateOrder: uploadColumns.dateOrder })
    .from(uploadColumns)
    .where(eq(uploadColumns.uploadId, uploadId))
    .orderBy(asc(uploadColumns.position))
    .limit(MAX_SORT_INDEXES)

const ensured = new Set<string>()

/**
 * PGlite runs one statement at a time on the server's own thread, so an index build holds every
 * user's requests until it ends: about 0.3 s for 100,000 rows, over a second for 460,000. Larger
 * tables get their sort indexes built ahead, one column at a time and only once no request has
 * come for a while (`PGLITE_IDLE_MS`); a column sorted
 * before its turn is built while the sort waits.
 */
const PGLITE_INLINE_SORT_INDEX_ROWS = 100_000

/** Builds a column's sort index on PGlite the first time the column is sorted; on PostgreSQL, checks it is there. */
export async function ensureSortIndex(uploadId: string, column: ViewColumn) {
  const name = sortIndexName(uploadId, column)
  if (ensured.has(name)) return
  const definition = `(${sortValueDdl(column)}, row_index)`
  // On PostgreSQL: built after the import; built again in the background when missing (a column
  // added later, or an upload from before the index changed).
  if (driver.kind === 'pg') return ensureInBackground(uploadId, name, definition)
  await buildOnPglite(driver.client, uploadId, name, definition)
}

function buildSortIndexesAtIdle(uploadId: string, client: PGlite) {
  void (async () => {
    for (const column of await sortedColumnsOf(uploadId)) {
      const name = sortIndexName(uploadId, column)
      if (ensured.has(name)) continue
      await waitForIdle(PGLITE_IDLE_MS)
      // The file (or the column) may have gone while this waited.
      const [upload] = await db.select({ id: csvUploads.id }).from(csvUploads).where(eq(csvUploads.id, uploadId))
      if (!upload) return
      const [still] = await db.select({ key: uploadColumns.key }).from(uploadColumns).where(and(eq(uploadColumns.uploadId, uploadId), eq(uploadColumns.key, column.key)))
      if (still) await buildOnPglite(client, uploadId, name, `(${sortValueDdl(column)}, row_index)`)
    }
  })().catch((error: unknown) => logger.warn({ event: 'uploads.sort_indexes.idle_failed', uploadId, err: error }))
}

async function buildOnPglite(client: PGlite, uploadId: string, name: string, definition: string) {
  // Built by an earlier process (`ensured` starts empty at every start): the index and its
  // statistics are there. Building it "again" used to ANALYZE the whole table each time, which
  // held the server for seconds at each column's first sort after a restart.
  const { rows } = await client.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [`"${name}"`])
  if (rows[0]?.found) {
    ensured.add(name)
    return
  }
  const started = performance.now()
  const table = partitionName(uploadId)
  // Statistics for the new expression, or the planner guesses and scans every row instead.
  await client.exec(`CREATE INDEX IF NOT EXISTS "${name}" ON "${table}" ${definition}; ANALYZE "${table}";`)
  ensured.add(name)
  logger.info({ event: 'uploads.sort_index.built', uploadId, name, ms: Math.round(performance.now() - started) })
}

/**
 * A trigram index on one column, for contains, starts-with and ends-with filters on PostgreSQL,
 * built in the background the first time the column is filtered that way. Until it is ready
 * the filter reads the rows in order and stops at the count limit: fast for common terms, up to
 * a second on a million rows for a term that matches almost nothing. With it, every term is
 * fast. The row's search index cannot serve here: its lossy matches are re-checked with
 * rowcraft_row_text, 13 µs a row, and a common term has hundreds of thousands of them.
 */
export async function ensureFilterIndex(uploadId: string, key: string) {
  if (driver.kind !== 'pg') return
  const name = filterIndexName(uploadId, key)
  if (ensured.has(name)) return
  await ensureInBackground(uploadId, name, `USING gin (rowcraft_fold(${cellText(key)}) gin_trgm_ops)`)
}

/**
 * Starts a concurrent build of a missing index on PostgreSQL, without waiting for it: it runs in
 * the table's turn, after the builds asked for before it (index-builds.ts).
 */
async function ensureInBackground(uploadId: string, name: string, definition: string) {
  if (driver.kind !== 'pg') return
  ensured.add(name)
  const pool = driver.pool
  const { rows } = await pool.query('SELECT 1 FROM pg_class WHERE relname = $1', [name])
  if (rows.length > 0) return
  void (async () => {
    const started = performance.now()
    if (await buildIndexConcurrently(partitionName(uploadId), name, definition)) {
      logger.info({ event: 'uploads.index.built', uploadId, name, ms: Math.round(performance.now() - started) })
    }
  })().catch((error: unknown) => {
    ensured.delete(name)
    if (isCancelledBuild(error)) logger.info({ event: 'uploads.index.cancelled', uploadId, name })
    else logger.error({ event: 'uploads.index.failed', uploadId, name, err: error })
  })
}

/** A deleted column's indexes go with it. */
export async function dropColumnIndexes(uploadId: string, key: string) {
  const sortNames = ['', ...DATE_ORDER_SUFFIXES].map((suffix) => `${partitionName(uploadId)}_s_${key}${suffix}`)
  await dropIndexes(uploadId, [...sortNames, filterIndexName(uploadId, key), oldFilterIndexName(uploadId, key)])
}

/** A date column read in a new order: the index of the order it had goes (the new one is built when sorted). */
export async function dropDateSortIndex(uploadId: string, column: Pick<ViewColumn, 'key' | 'dateOrder'>) {
  await dropIndexes(uploadId, [sortIndexName(uploadId, { ...column, type: 'date' })])
}

async function dropIndexes(uploadId: string, names: string[]) {
  for (const name of names) {
    ensured.delete(name)
    if (driver.kind === 'pglite') await driver.client.exec(`DROP INDEX IF EXISTS "${name}"`)
    else await dropIndexInTurn(partitionName(uploadId), name)
  }
}
