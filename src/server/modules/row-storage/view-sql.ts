import { sql, type SQL } from 'drizzle-orm'
import { COLUMN_KEY_PATTERN } from '#common/schemas/rows'
import type { ColumnType } from '#common/schemas/uploads'

/**
 * The SQL expressions of a cell: its text and the value it sorts by. Column keys are checked and
 * written as literals, so the expressions are the very ones the per-partition indexes are built
 * on (grid-indexes.ts) and the planner can use them. Conditions are compiled in plan-sql.ts.
 */

export type ViewColumn = { key: string; name: string; type: ColumnType }

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
  if (column.type === 'date') return `rowcraft_date_key(${cell})`
  return `lower(left(${cell}, ${SORT_PREFIX_CHARS}))`
}
