import { asc, eq } from 'drizzle-orm'
import { db, driver } from '#server/db/client'
import { uploadColumns } from '#server/db/schema/index'
import { sortValueDdl, type ViewColumn } from '#server/modules/rows/lib/view-sql'
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
  await driver.client.exec(`CREATE INDEX IF NOT EXISTS "${name}" ON "${partitionName(uploadId)}" (${sortValueDdl(column)}, row_index)`)
  ensured.add(name)
  logger.info({ event: 'uploads.sort_index.built', uploadId, key: column.key, ms: Math.round(performance.now() - started) })
}

export async function dropSortIndex(uploadId: string, key: string) {
  const name = sortIndexName(uploadId, key)
  ensured.delete(name)
  if (driver.kind === 'pglite') await driver.client.exec(`DROP INDEX IF EXISTS "${name}"`)
  else await driver.pool.query(`DROP INDEX CONCURRENTLY IF EXISTS "${name}"`)
}
