import { sql, type SQL } from 'drizzle-orm'
import { parseDateKey, parseNumber } from '#common/cell-values'
import { COLUMN_KEY_PATTERN, type RowFilter, type RowSort, type RowView } from '#common/schemas/rows'
import type { ColumnType } from '#common/schemas/uploads'
import { AppError } from '#server/platform/app-error'

/**
 * Compiles a grid view (search, filters, sort) into SQL over one upload's rows. Column keys are
 * checked against the upload's columns and written as literals, so the expressions are the very
 * ones the per-partition indexes are built on (sort-indexes.ts) and the planner can use them.
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

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

function columnOf(columns: Map<string, ViewColumn>, key: string): ViewColumn {
  const column = columns.get(key)
  if (!column) throw new AppError('VALIDATION_FAILED', 'This column no longer exists. Refresh the page and try again.')
  return column
}

function typedOperand(column: ViewColumn, value: string): SQL | null {
  if (column.type === 'number') {
    const number = parseNumber(value)
    if (number === null) throw new AppError('VALIDATION_FAILED', `Enter a number to compare '${column.name}' with.`)
    return sql`${String(number)}::numeric`
  }
  if (column.type === 'date') {
    const key = parseDateKey(value)
    if (key === null) throw new AppError('VALIDATION_FAILED', `Enter a date (for example 2024-03-31) to compare '${column.name}' with.`)
    return sql`${key}::integer`
  }
  return null
}

/** Where a row's search text comes from: the indexed expression, or PGlite's stored column. */
export type SearchSource = { isStored: boolean }

function searchTextSql({ isStored }: SearchSource): SQL {
  // Rows imported before the text was stored fall back to computing it.
  return isStored ? sql`coalesce(search_text, rowcraft_row_text(data))` : sql`rowcraft_row_text(data)`
}

function rowTextMatches(term: string, search: SearchSource): SQL {
  return sql`${searchTextSql(search)} LIKE ${`%${escapeLike(term.toLowerCase())}%`}`
}

function filterSql(filter: RowFilter, column: ViewColumn): SQL {
  const cell = cellSql(column.key)
  const value = filter.value.trim()
  switch (filter.operator) {
    case 'is_empty':
      return sql`coalesce(${cell}, '') = ''`
    case 'is_not_empty':
      return sql`${cell} <> ''`
    case 'contains':
      return sql`lower(${cell}) LIKE ${`%${escapeLike(value.toLowerCase())}%`}`
    case 'starts_with':
      return sql`lower(${cell}) LIKE ${`${escapeLike(value.toLowerCase())}%`}`
    case 'ends_with':
      return sql`lower(${cell}) LIKE ${`%${escapeLike(value.toLowerCase())}`}`
    case 'equals': {
      const typed = typedOperand(column, value)
      if (typed) return sql`${sortValueSql(column)} = ${typed}`
      return sql`lower(${cell}) = ${value.toLowerCase()}`
    }
    case 'greater_than':
    case 'less_than': {
      const operator = sql.raw(filter.operator === 'greater_than' ? '>' : '<')
      const typed = typedOperand(column, value)
      if (typed) return sql`${sortValueSql(column)} ${operator} ${typed}`
      return sql`lower(${cell}) ${operator} ${value.toLowerCase()}`
    }
  }
}

/** The WHERE conditions of a view, upload included. */
export function viewWhereSql({
  uploadId,
  view,
  columns,
  search,
}: {
  uploadId: string
  view: Pick<RowView, 'q' | 'filters'>
  columns: Map<string, ViewColumn>
  search: SearchSource
}): SQL {
  const conditions: SQL[] = [sql`upload_id = ${uploadId}`]
  if (view.q) conditions.push(rowTextMatches(view.q, search))
  for (const filter of view.filters) conditions.push(filterSql(filter, columnOf(columns, filter.column)))
  return sql.join(conditions, sql` AND `)
}

export function sortColumnOf(columns: Map<string, ViewColumn>, sort: RowSort | undefined): ViewColumn | undefined {
  return sort ? columnOf(columns, sort.column) : undefined
}
