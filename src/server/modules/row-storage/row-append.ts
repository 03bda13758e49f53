import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { compareValueSql } from './duplicates-sql.ts'
import { dataAssignment } from './row-cells.ts'
import { rowsFrom } from './row-reader.ts'
import { partitionName, storesSearchText } from './row-writer.ts'

/**
 * Rows added to an imported file (issue 33: rows by API): appended after its last row, or merged
 * into the row an upsert's key finds. The file's partition is attached and indexed by now, so
 * these are plain statements (its indexes follow each row); the caller's transaction holds the
 * upload's row lock, so two calls never take the same indexes.
 */

type Executor = Pick<Database, 'execute'>

/** A row's values by column key; empty values are left out, as the import leaves them out. */
export type RowData = Record<string, string>

/** The index the next row takes: one past the file's last (an index freed by a delete at the end is taken again). */
async function nextRowIndex(tx: Executor, uploadId: string): Promise<number> {
  const [row] = await queryRows<{ next: number | string }>(
    sql`SELECT coalesce(max(row_index) + 1, 0) AS next FROM ${rowsFrom(uploadId)} WHERE upload_id = ${uploadId}`,
    tx,
  )
  return Number(row?.next ?? 0)
}

/**
 * Appends rows in the order given, with PGlite's stored search text computed as a cell edit
 * computes it; one statement, the rows as one JSON parameter. Returns their indexes.
 */
export async function appendRows(tx: Executor, { uploadId, rows }: { uploadId: string; rows: RowData[] }): Promise<number[]> {
  if (rows.length === 0) return []
  const first = await nextRowIndex(tx, uploadId)
  const withSearch = storesSearchText()
  await tx.execute(sql`
    INSERT INTO ${sql.identifier(partitionName(uploadId))} (upload_id, row_index, data${sql.raw(withSearch ? ', search_text' : '')})
    SELECT ${uploadId}::uuid, ${first}::int + x.ord::int - 1, x.data${withSearch ? sql`, rowcraft_row_text(x.data)` : sql``}
    FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) WITH ORDINALITY AS x(data, ord)`)
  return rows.map((_, i) => first + i)
}

/**
 * For each key value, as plans compare text (`rowcraft_fold`: case, accents and outer spaces
 * aside), the first row of the file holding it in column `key`, or null; and the folded value, ''
 * for an empty one (which matches nothing). One scan of the file.
 */
export async function findRowsByKey(
  tx: Executor,
  { uploadId, key, values }: { uploadId: string; key: string; values: string[] },
): Promise<Array<{ folded: string; rowIndex: number | null }>> {
  if (values.length === 0) return []
  const stored = compareValueSql({ key, kind: 'text' })
  const found = await queryRows<{ ord: number | string; folded: string; row_index: number | string | null }>(
    sql`WITH wanted AS (
        SELECT w.ord, coalesce(rowcraft_fold(w.value), '') AS folded FROM jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) WITH ORDINALITY AS w(value, ord)
      ), held AS (
        SELECT DISTINCT ON (folded) folded, row_index
        FROM (SELECT ${stored} AS folded, row_index FROM ${rowsFrom(uploadId)} WHERE upload_id = ${uploadId}) AS r
        WHERE folded <> '' AND folded IN (SELECT folded FROM wanted)
        ORDER BY folded, row_index
      )
      SELECT wanted.ord, wanted.folded, held.row_index FROM wanted LEFT JOIN held ON held.folded = wanted.folded AND wanted.folded <> ''
      ORDER BY wanted.ord`,
    tx,
  )
  return found.map((row) => ({ folded: row.folded, rowIndex: row.row_index === null ? null : Number(row.row_index) }))
}

/**
 * Merges values into existing rows: each given key takes its value, a null one empties it (the
 * key leaves the row), other keys stay. PGlite's search text follows (`dataAssignment`).
 */
export async function mergeIntoRows(
  tx: Executor,
  { uploadId, changes }: { uploadId: string; changes: Array<{ rowIndex: number; values: Record<string, string | null> }> },
): Promise<void> {
  if (changes.length === 0) return
  const records = JSON.stringify(changes.map((change) => ({ row_index: change.rowIndex, data: change.values })))
  await tx.execute(sql`
    UPDATE csv_rows AS r SET ${dataAssignment(sql`jsonb_strip_nulls(r.data || x.data)`)}, updated_at = now()
    FROM jsonb_to_recordset(${records}::jsonb) AS x(row_index integer, data jsonb)
    WHERE r.upload_id = ${uploadId} AND r.row_index = x.row_index`)
}
