import { sql, type SQL } from 'drizzle-orm'
import type { GridRow } from '#common/schemas/rows'
import type { FormulaNode } from '#common/schemas/formula'
import { db, type Database } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { sqlArray } from '#server/db/sql-array'
import { formulaTextSql } from './formula-sql.ts'
import { dropColumnIndexes } from './grid-indexes.ts'
import type { ViewColumn } from './view-sql.ts'
import { storesSearchText } from './row-writer.ts'

/**
 * Writes of cells into the rows: a user's edit, an AI column's values, a deleted column's values
 * leaving. Every one sets `data` through `dataAssignment`, so a row's search text stays current.
 */

/**
 * `data = <change>`, and on PGlite the row's stored search text from the same change (PostgreSQL
 * computes it in its search index): the one place that keeps the two together.
 */
export function dataAssignment(change: SQL): SQL {
  return storesSearchText() ? sql`data = ${change}, search_text = rowcraft_row_text(${change})` : sql`data = ${change}`
}

/** Sets one cell (an empty value removes the key); null when the row is gone. */
export async function updateRowCell(
  { uploadId, rowIndex, key, value }: { uploadId: string; rowIndex: number; key: string; value: string },
  executor: Pick<Database, 'execute'> = db,
): Promise<GridRow | null> {
  const change = value === '' ? sql`data - ${key}::text` : sql`data || jsonb_build_object(${key}::text, ${value}::text)`
  const rows = await queryRows<{ row_index: number; data: Record<string, string> | string }>(
    sql`
    UPDATE csv_rows SET ${dataAssignment(change)}, updated_at = now()
    WHERE upload_id = ${uploadId} AND row_index = ${rowIndex}
    RETURNING row_index, data`,
    executor,
  )
  const [row] = rows
  if (!row) return null
  return { rowIndex: Number(row.row_index), values: typeof row.data === 'string' ? JSON.parse(row.data) : row.data }
}

/**
 * An AI column's display values into its rows (an empty one removes the key), so sorting,
 * filters, search and exports treat it like any column.
 */
export async function writeAiValues(
  { uploadId, key, values }: { uploadId: string; key: string; values: Array<{ rowIndex: number; display: string }> },
  executor: Pick<Database, 'execute'> = db,
) {
  if (values.length === 0) return
  const records = JSON.stringify(values.map((v) => ({ row_index: v.rowIndex, display: v.display })))
  const change = sql`CASE WHEN x.display = '' THEN r.data - ${key}::text ELSE r.data || jsonb_build_object(${key}::text, x.display) END`
  await executor.execute(sql`
    UPDATE csv_rows AS r SET ${dataAssignment(change)}, updated_at = now()
    FROM jsonb_to_recordset(${records}::jsonb) AS x(row_index integer, display text)
    WHERE r.upload_id = ${uploadId} AND r.row_index = x.row_index`)
}

/** jsonb_build_object takes at most 100 arguments: a key and a value per formula. */
const FORMULAS_PER_STATEMENT = 40

/**
 * Formula columns' values computed by the database from each row's cells, in one UPDATE per 40
 * formulas: every row of the upload, or some rows (after an edit of their cells). An empty value
 * removes the key, as an empty edit does.
 */
export async function writeFormulaValues(
  {
    uploadId,
    columns,
    formulas,
    rowIndexes,
  }: {
    uploadId: string
    /** The upload's columns a formula may read (with their day/month orders). */
    columns: readonly Pick<ViewColumn, 'key' | 'dateOrder'>[]
    formulas: ReadonlyArray<{ key: string; ast: FormulaNode }>
    rowIndexes?: readonly number[]
  },
  executor: Pick<Database, 'execute'> = db,
) {
  for (let from = 0; from < formulas.length; from += FORMULAS_PER_STATEMENT) {
    const batch = formulas.slice(from, from + FORMULAS_PER_STATEMENT)
    const pairs = batch.map(({ key, ast }) => sql`${key}::text, ${formulaTextSql(ast, columns)}`)
    const change = sql`(data - ${sqlArray(
      batch.map((formula) => formula.key),
      'text',
    )}) || jsonb_strip_nulls(jsonb_build_object(${sql.join(pairs, sql`, `)}))`
    await executor.execute(sql`
      UPDATE csv_rows SET ${dataAssignment(change)}, updated_at = now()
      WHERE upload_id = ${uploadId}${rowIndexes === undefined ? sql`` : sql` AND row_index = ANY(${sqlArray(rowIndexes, 'int4')})`}`)
  }
}

/** Rows updated per statement, so a million-row upload is never locked in one long transaction. */
const PURGE_BATCH_ROWS = 20_000

/** A deleted column's values and indexes leave the rows (they would still match searches). */
export async function removeColumnFromRows({ uploadId, key }: { uploadId: string; key: string }) {
  await dropColumnIndexes(uploadId, key)
  const [row] = await queryRows<{ last: number | null }>(sql`SELECT max(row_index) AS last FROM csv_rows WHERE upload_id = ${uploadId}`)
  const last = row?.last
  if (last === null || last === undefined) return
  for (let from = 0; from <= Number(last); from += PURGE_BATCH_ROWS) {
    await db.execute(sql`
      UPDATE csv_rows SET ${dataAssignment(sql`data - ${key}::text`)}
      WHERE upload_id = ${uploadId} AND row_index >= ${from} AND row_index < ${from + PURGE_BATCH_ROWS} AND data ? ${key}::text`)
  }
}
