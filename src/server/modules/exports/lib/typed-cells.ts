import { parseBoolean, parseDateKey, parseNumber } from '#common/cell-values'
import type { ColumnType } from '#common/schemas/uploads'

/**
 * The typed value of a cell for JSON and Excel exports, read as the grid sorts and filters it:
 * numbers as numbers, plain dates as dates, true/false as booleans. Empty typed cells have no
 * value (null). Text a typed column cannot read, a percentage (12% is not 12) and a date with a
 * time stay as they are written, so an export never loses what the cell says.
 */
export function typedCell(type: ColumnType, text: string): string | number | boolean | Date | null {
  if (type === 'text') return text
  const value = text.trim()
  if (value === '') return null
  if (type === 'number') return value.includes('%') ? text : (parseNumber(value) ?? text)
  if (type === 'boolean') return parseBoolean(value) ?? text
  return plainDate(value) ?? text
}

const DATE_ONLY = /^(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}([-/.])\d{1,2}\1\d{4})$/

/** A date without a time, as midnight UTC (what a spreadsheet's date serial means), when it is a real day. */
function plainDate(value: string): Date | null {
  const key = DATE_ONLY.test(value) ? parseDateKey(value) : null
  if (key === null) return null
  const year = Math.floor(key / 10000)
  const month = Math.floor(key / 100) % 100
  const day = key % 100
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null
}

/** JSON has no dates: a date goes as its ISO day, 2024-03-31. */
export function jsonCell(type: ColumnType, text: string): string | number | boolean | null {
  const value = typedCell(type, text)
  return value instanceof Date ? value.toISOString().slice(0, 10) : value
}
