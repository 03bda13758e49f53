import { isAmbiguousDate, parseBoolean, parseDateKey, parseNumber } from '#common/cell-values'
import type { ColumnType, DateOrder } from '#common/schemas/uploads'

/**
 * How a date column's day/month dates read, and whether that reading is sure (settled by the
 * column's values or chosen by the user) or only a guess.
 */
export type DateReading = { order: DateOrder | null; isSure: boolean }

const UNSURE: DateReading = { order: null, isSure: false }

/**
 * The typed value of a cell for JSON and Excel exports, read as the grid sorts and filters it:
 * numbers as numbers, plain dates as dates, true/false as booleans. Empty typed cells have no
 * value (null). Text a typed column cannot read, a percentage (12% is not 12) and a date with a
 * time stay as they are written, so an export never loses what the cell says. So does a date whose
 * reading depends on a day/month order that is only a guess (04/07/2024): no export writes a date
 * it read ambiguously as if it were sure.
 */
export function typedCell(type: ColumnType, text: string, dates: DateReading = UNSURE): string | number | boolean | Date | null {
  if (type === 'text') return text
  const value = text.trim()
  if (value === '') return null
  if (type === 'number') return value.includes('%') ? text : (parseNumber(value) ?? text)
  if (type === 'boolean') return parseBoolean(value) ?? text
  if (!dates.isSure && isAmbiguousDate(value)) return text
  return plainDate(value, dates.order) ?? text
}

const DATE_ONLY = /^(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}([-/.])\d{1,2}\1(?:\d{4}|\d{2}))$/

/** A date without a time, as midnight UTC (what a spreadsheet's date serial means), when it is a real day. */
function plainDate(value: string, order: DateOrder | null): Date | null {
  const key = DATE_ONLY.test(value) ? parseDateKey(value, order) : null
  if (key === null) return null
  const year = Math.floor(key / 10000)
  const month = Math.floor(key / 100) % 100
  const day = key % 100
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null
}

/** JSON has no dates: a date goes as its ISO day, 2024-03-31. */
export function jsonCell(type: ColumnType, text: string, dates: DateReading = UNSURE): string | number | boolean | null {
  const value = typedCell(type, text, dates)
  return value instanceof Date ? value.toISOString().slice(0, 10) : value
}
