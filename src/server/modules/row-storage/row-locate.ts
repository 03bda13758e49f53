import { sql } from 'drizzle-orm'
import { queryRows } from '#server/db/query-rows'

/** Where one row stands among its upload's rows: how many come before it, in row order. */

/** The rows before `rowIndex`, and whether that row is there (the grid's jump to a row). */
export async function locateRowIndex({ uploadId, rowIndex }: { uploadId: string; rowIndex: number }): Promise<{ before: number; found: boolean }> {
  const [row] = await queryRows<{ before: number | string; found: boolean }>(sql`
    SELECT count(*) FILTER (WHERE row_index < ${rowIndex}) AS before, bool_or(row_index = ${rowIndex}) AS found
    FROM csv_rows WHERE upload_id = ${uploadId} AND row_index <= ${rowIndex}`)
  return { before: Number(row?.before ?? 0), found: Boolean(row?.found) }
}

/** One row's values and its position in row order (the prompt test takes one of the first rows); null when it is gone. */
export async function readRowWithPosition({ uploadId, rowIndex }: { uploadId: string; rowIndex: number }): Promise<{ values: Record<string, string>; position: number } | null> {
  const [row] = await queryRows<{ data: Record<string, string> | string; position: number | string }>(sql`
    SELECT r.data, (SELECT count(*) FROM csv_rows p WHERE p.upload_id = ${uploadId} AND p.row_index < ${rowIndex}) AS position
    FROM csv_rows r WHERE r.upload_id = ${uploadId} AND r.row_index = ${rowIndex}`)
  if (!row) return null
  const values = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, string>
  return { values, position: Number(row.position) }
}
