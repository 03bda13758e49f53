import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { sqlArray } from '#server/db/sql-array'
import { rowsFrom } from './row-reader.ts'

/**
 * The quality report's filled cells, for the rows a write touches (issue 44: the report stays
 * current after rows are added, edited or deleted, counted over those rows only, never the file).
 * The report counts the cells of the file's own columns (kind 'source'), as the import counted
 * them: a cell is filled when it holds any text (empty ones are left out of a row's `data`).
 */

type Executor = Pick<Database, 'execute'>

/** Filled cells of the file's own columns in these rows, as the caller's transaction sees them. */
export async function filledCellsOf(executor: Executor, uploadId: string, rowIndexes: readonly number[]): Promise<number> {
  if (rowIndexes.length === 0) return 0
  const [row] = await queryRows<{ n: number | string | null }>(
    sql`SELECT coalesce(sum((SELECT count(*) FROM jsonb_each_text(csv_rows.data) AS cell
          WHERE cell.value <> '' AND cell.key IN (SELECT key FROM upload_columns WHERE upload_id = ${uploadId} AND kind = 'source'))), 0) AS n
        FROM ${rowsFrom(uploadId)} WHERE csv_rows.upload_id = ${uploadId} AND csv_rows.row_index = ANY(${sqlArray(rowIndexes, 'int4')})`,
    executor,
  )
  return Number(row?.n ?? 0)
}

/** The cells a row has in the report: one per column of the file's own. */
export async function reportCellsPerRow(executor: Executor, uploadId: string): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(sql`SELECT count(*) AS n FROM upload_columns WHERE upload_id = ${uploadId} AND kind = 'source'`, executor)
  return Number(row?.n ?? 0)
}

/**
 * A column's filled cells and the file's rows, for a deleted column's share of the report: one
 * read of one key of each row, in the caller's transaction (the deletion's, CONVENTIONS 24: a
 * writer keeps the report current). Its values stay in the rows until the purge job takes them.
 */
export async function columnCellsOf(executor: Executor, uploadId: string, key: string): Promise<{ rows: number; filled: number }> {
  const [row] = await queryRows<{ rows: number | string; filled: number | string }>(
    sql`SELECT count(*) AS rows, count(*) FILTER (WHERE coalesce(csv_rows.data ->> ${key}::text, '') <> '') AS filled
        FROM ${rowsFrom(uploadId)} WHERE csv_rows.upload_id = ${uploadId}`,
    executor,
  )
  return { rows: Number(row?.rows ?? 0), filled: Number(row?.filled ?? 0) }
}
