import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { sqlArray } from '#server/db/sql-array'

/**
 * Deletes an upload's rows by index, in the caller's transaction, with their AI cells: a cell
 * belongs to its row, and one left behind would still count in its column's done and queued
 * figures (and a queued one would be claimed for a row that is gone). Answers the rows deleted.
 */
export async function deleteRowsByIndex(executor: Pick<Database, 'execute'>, uploadId: string, rowIndexes: readonly number[]): Promise<number> {
  const unique = [...new Set(rowIndexes.map((index) => Math.trunc(index)))]
  if (unique.length === 0) return 0
  const indexes = sqlArray(unique, 'int4')
  const [row] = await queryRows<{ n: number | string }>(
    sql`WITH removed AS (DELETE FROM csv_rows WHERE upload_id = ${uploadId} AND row_index = ANY(${indexes}) RETURNING 1) SELECT count(*) AS n FROM removed`,
    executor,
  )
  await executor.execute(sql`DELETE FROM ai_cells WHERE upload_id = ${uploadId} AND row_index = ANY(${indexes})`)
  return Number(row?.n ?? 0)
}
