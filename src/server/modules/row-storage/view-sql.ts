import { sql, type SQL } from 'drizzle-orm'
import { COLUMN_KEY_PATTERN } from '#common/schemas/rows'
import type { ColumnType, DateOrder } from '#common/schemas/uploads'

/**
 * The SQL expressions of a cell: its text and the value it sorts by. Column keys are checked and
 * written as literals, so the expressions are the very ones the per-partition indexes are built
 * on (grid-indexes.ts) and the planner can use them. Conditions are compiled in plan-sql.ts.
 */

/** `dateOrder`: a date column's day/month order (upload_columns.date_order); null reads as before it was stored. */
export type ViewColumn = { key: string; name: string; type: ColumnType; dateOrder?: DateOrder | null }

/** `(data ->> 'c3')`: the key is one of the upload's, checked against COLUMN_KEY_PATTERN. */
export function cellText(key: string): string {
  if (!COLUMN_KEY_PATTERN.test(key)) throw new Error(`Not a column key: ${key}`)
  return `(data ->> '${key}')`
}

export const cellSql = (key: string): SQL => sql.raw(cellText(key))

/**
 * Text sorts by its first characters: a B-tree entry holds at most 2,704 bytes, so an index on
 * whole values refused a 3,000-character cell (and a 900 KB one broke the index build). 200
 * characters are at most 800 bytes; values equal that far keep their row order.
 */
export const SORT_PREFIX_CHARS = 200

/** The value a column sorts and compares by: numbers as numbers, dates as yyyymmdd. */
export function sortValueSql(column: ViewColumn): SQL {
  return sql.raw(sortValueDdl(column))
}

/** The expression text of `sortValueSql`, for CREATE INDEX. */
export function sortValueDdl(column: ViewColumn): string {
  const cell = cellText(column.key)
  if (column.type === 'number') return `rowcraft_num(${cell})`
  if (column.type === 'date') return dateKeyDdl(column)
  return `lower(left(${cell}, ${SORT_PREFIX_CHARS}))`
}

/**
 * A cell read as a date (yyyymmdd) in the column's day/month order. The order is written as a
 * literal, not a parameter, so the expression is the one the date column's sort index is on.
 */
export function dateKeyDdl(column: Pick<ViewColumn, 'key' | 'dateOrder'>): string {
  const dayFirst = column.dateOrder === 'dmy' ? 'true' : column.dateOrder === 'mdy' ? 'false' : 'NULL'
  return `rowcraft_date_key(${cellText(column.key)}, ${dayFirst})`
}

export const dateKeySql = (column: Pick<ViewColumn, 'key' | 'dateOrder'>): SQL => sql.raw(dateKeyDdl(column))

/**
 * A select list item that keeps a subquery's values computed once a row in the subquery: a
 * volatile function in its select list stops PostgreSQL from pulling the subquery up into the
 * select above, which would copy each value's expression to every place that reads it. `OFFSET 0`
 * does the same but also keeps parallel workers out (a limit is applied to the whole result);
 * this function is cheap and parallel safe, so a scan that computes formulas, conditions and
 * duplicate labels over 100,000 rows runs in PostgreSQL's workers (600 ms alone, 400 ms with two
 * workers). Nothing reads the column.
 */
export const KEEP_VALUES = sql.raw('pg_is_in_recovery() AS keep_values')
