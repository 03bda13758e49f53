import { asc, eq } from 'drizzle-orm'
import { db, driver } from '#server/db/client'
import { uploadColumns } from '#server/db/schema/index'
import { cellText, sortValueDdl, type ViewColumn } from '#server/modules/rows/lib/view-sql'
import { logger } from '#server/platform/logger'
import { partitionName } from './row-writer.ts'

/**
 * Sort indexes, one per source column of an upload's partition, on the very expression the grid
 * sorts by (view-sql.ts) plus row_index: the first page of a sort, and with the grid's paging
 * any page, is read from the index instead of sorting every row. Built after the import, like
 * the search index, on PostgreSQL; PGlite builds each when first needed (`ensureSortIndex`).
 */

/** The most columns indexed per upload; sorting a wider table's other columns reads every row. */
const MAX_SORT_INDEXES = 40

export const sortIndexName = (uploadId: string, key: string) => `${partitionName(uploadId)}_s_${key}`
export const filterIndexName = (uploadId: string, key: string) => `${partitionName(uploadId)}_f_${key}`

export async function buildSortIndexes(uploadId: string): Promise<number> {
  if (driver.kind === 'pglite') return 0
  const columns = await db
    .select({ key: uploadColumns.key, name: uploadColumns.name, type: uploadColumns.type })
    .from(uploadColumns)
    .where(eq(uploadColumns.uploadId, uploadId))
    .orderBy(asc(uploadColumns.position))
    .limit(MAX_SORT_INDEXES)
  const table = partitionName(uploadId)
  const client = await driver.pool.connect()
  try {
    await client.query(`SET maintenance_work_mem = '256MB'`)
    for (const column of columns) {
      await client.query(
        `CREATE INDEX CONCURRENTLY IF NOT EXISTS "${sortIndexName(uploadId, column.key)}" ON "${table}" (${sortValueDdl(column)}, row_index)`,
      )
    }
    // Fresh statistics for the planner, and a visibility map so index-only scans stay index-only.
    await client.query(`VACUUM (ANALYZE) "${table}"`)
  } finally {
    client.release()
  }
  logger.info({ event: 'uploads.sort_indexes.built', uploadId, columns: columns.length })
  return columns.length
}

const ensured = new Set<string>()

/**
 * PGlite builds a column's sort index the first time the column is sorted (about 0.2 to 0.5 s
 * for 100,000 rows, once) rather than all of them after the import, which would stop the server
 * for seconds. PGlite runs in this one process, so remembering the built ones here is enough.
 */
export async function ensureSortIndex(uploadId: string, column: ViewColumn) {
  if (driver.kind !== 'pglite') return
  const name = sortIndexName(uploadId, column.key)
  if (ensured.has(name)) return
  const started = performance.now()
  const table = partitionName(uploadId)
  // Statistics for the new expression, or the planner guesses and scans every row instead.
  await driver.client.exec(`CREATE INDEX IF NOT EXISTS "${name}" ON "${table}" (${sortValueDdl(column)}, row_index); ANALYZE "${table}";`)
  ensured.add(name)
  logger.info({ event: 'uploads.sort_index.built', uploadId, key: column.key, ms: Math.round(performance.now() - started) })
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
  ensured.add(name)
  const pool = driver.pool
  const { rows } = await pool.query('SELECT 1 FROM pg_class WHERE relname = $1', [name])
  if (rows.length > 0) return
  void (async () => {
    const started = performance.now()
    await pool.query(
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS "${name}" ON "${partitionName(uploadId)}" USING gin (lower(${cellText(key)}) gin_trgm_ops)`,
    )
    logger.info({ event: 'uploads.filter_index.built', uploadId, key, ms: Math.round(performance.now() - started) })
  })().catch((error: unknown) => {
    ensured.delete(name)
    logger.error({ event: 'uploads.filter_index.failed', uploadId, key, err: error })
  })
}

/** A deleted column's indexes go with it. */
export async function dropColumnIndexes(uploadId: string, key: string) {
  for (const name of [sortIndexName(uploadId, key), filterIndexName(uploadId, key)]) {
    ensured.delete(name)
    if (driver.kind === 'pglite') await driver.client.exec(`DROP INDEX IF EXISTS "${name}"`)
    else await driver.pool.query(`DROP INDEX CONCURRENTLY IF EXISTS "${name}"`)
  }
}
