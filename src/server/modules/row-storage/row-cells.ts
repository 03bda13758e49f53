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
import { rowsFrom } from './row-reader.ts'
import { forEachRowSlice, sliceSql, type RowSlice } from './row-slices.ts'

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
 * formulas: some rows (after an edit of their cells), or a slice of the file (`writeFormulaValuesInSlices`).
 * An empty value removes the key, as an empty edit does.
 */
export async function writeFormulaValues(
  {
    uploadId,
    columns,
    formulas,
    rows,
  }: {
    uploadId: string
    /** The upload's columns a formula may read (with their day/month orders). */
    columns: readonly Pick<ViewColumn, 'key' | 'dateOrder'>[]
    formulas: ReadonlyArray<{ key: string; ast: FormulaNode }>
    rows: { rowIndexes: readonly number[] } | { slice: RowSlice }
  },
  executor: Pick<Database, 'execute'> = db,
) {
  const which = 'slice' in rows ? sliceSql(rows.slice) : sql`csv_rows.row_index = ANY(${sqlArray(rows.rowIndexes, 'int4')})`
  for (let from = 0; from < formulas.length; from += FORMULAS_PER_STATEMENT) {
    const batch = formulas.slice(from, from + FORMULAS_PER_STATEMENT)
    const pairs = batch.map(({ key, ast }) => sql`${key}::text, ${formulaTextSql(ast, columns)}`)
    const change = sql`(data - ${sqlArray(
      batch.map((formula) => formula.key),
      'text',
    )}) || jsonb_strip_nulls(jsonb_build_object(${sql.join(pairs, sql`, `)}))`
    await executor.execute(sql`
      UPDATE ${rowsFrom(uploadId)} SET ${dataAssignment(change)}, updated_at = now()
      WHERE csv_rows.upload_id = ${uploadId} AND ${which}`)
  }
}

/**
 * Formula columns' values for every row of the file, a slice of rows per statement, each its own
 * transaction (decision 032: one UPDATE of a large file held PGlite for seconds). Each slice
 * computes from its rows' cells as they are when it runs, so an edit made meanwhile is never
 * undone; a grid read meanwhile sees the slices written so far.
 */
export async function writeFormulaValuesInSlices({
  uploadId,
  columns,
  formulas,
}: {
  uploadId: string
  columns: readonly Pick<ViewColumn, 'key' | 'dateOrder'>[]
  formulas: ReadonlyArray<{ key: string; ast: FormulaNode }>
}) {
  await forEachRowSlice(uploadId, (slice) => writeFormulaValues({ uploadId, columns, formulas, rows: { slice } }))
}

/** A deleted column's values and indexes leave the rows (they would still match searches), a slice of rows per statement. */
export async function removeColumnFromRows({ uploadId, key }: { uploadId: string; key: string }) {
  await dropColumnIndexes(uploadId, key)
  await forEachRowSlice(uploadId, async (slice) => {
    await db.execute(sql`
      UPDATE ${rowsFrom(uploadId)} SET ${dataAssignment(sql`data - ${key}::text`)}
      WHERE csv_rows.upload_id = ${uploadId} AND ${sliceSql(slice)} AND data ? ${key}::text`)
  })
}
