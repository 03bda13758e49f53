import { parseBoolean, parseDateKey, parseNumber } from '#common/cell-values'
import type { ColumnType } from '#common/schemas/uploads'

/** Share of a column's non-empty sample values that must read as one type for the column to take it. */
const TYPE_SHARE = 0.95

/**
 * Guesses each column's type from sample rows (the first thousand), so the grid sorts numbers as
 * numbers and dates as dates. Booleans need every value to be a yes/no word; a column with no
 * values in the sample stays text.
 */
export function inferColumnTypes(keys: string[], rows: Array<Record<string, string>>): Map<string, ColumnType> {
  const types = new Map<string, ColumnType>()
  for (const key of keys) {
    let filled = 0
    let numbers = 0
    let dates = 0
    let booleans = 0
    for (const row of rows) {
      const value = row[key]
      if (value === undefined || value.trim() === '') continue
      filled += 1
      if (parseNumber(value) !== null) numbers += 1
      else if (parseDateKey(value) !== null) dates += 1
      else if (parseBoolean(value) !== null) booleans += 1
    }
    let type: ColumnType = 'text'
    if (filled > 0 && numbers >= filled * TYPE_SHARE) type = 'number'
    else if (filled > 0 && dates >= filled * TYPE_SHARE) type = 'date'
    else if (filled > 0 && booleans === filled) type = 'boolean'
    types.set(key, type)
  }
  return types
}

/** The keys `inferColumnTypes` types as dates: the columns whose day/month order the import decides from every row. */
export const dateColumnsOf = (keys: string[], rows: Array<Record<string, string>>): string[] =>
  [...inferColumnTypes(keys, rows)].filter(([, type]) => type === 'date').map(([key]) => key)
