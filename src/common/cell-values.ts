/**
 * How a cell's text reads as a typed value. Shared by the grid's editors, the server's edit
 * checks and the importer's type guess; the SQL functions `rowcraft_num` and `rowcraft_date_key`
 * (migrations 0004 and 0019) read values the same way for sorting and filtering (tested side by side).
 */
import { DATES } from './constants.ts'
import { GRID_MESSAGES } from './messages.ts'
import type { ColumnType, DateOrder } from './schemas/uploads.ts'

/**
 * `1234`, `-1,234.5`, `$1,200`, `12%`, `1e6`, with spaces around: thousands separators only as
 * commas. One pattern, as in SQL, where one regular expression a value keeps sorting cheap.
 */
const NUMBER_PATTERN = /^ *[-+]?[$€£¥]?(?:(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d{1,2})?%? *$/

/** Spaces only, as SQL's btrim(): a tab or newline inside a cell is part of its value. */
const trimSpaces = (text: string) => text.replace(/^ +| +$/g, '')

export function parseNumber(text: string): number | null {
  if (!NUMBER_PATTERN.test(text)) return null
  const number = Number(text.replace(/[ ,$€£¥%]/g, ''))
  return Number.isFinite(number) ? number : null
}

const ISO_DATE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ].*)?$/
/** `04/07/2024`, `4-7-2024`, `04.07.24`: day and month in either order, a four- or two-digit year. */
export const NUMERIC_DATE = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})$/

/**
 * A date as the sortable number yyyymmdd. ISO dates (`2024-03-05`, with or without a time) read
 * one way. Day/month dates (`04/07/2024`, `4-7-24`, `04.07.2024`) read in the column's `order`;
 * without one, dotted dates are day first and the others month first. Whatever the order, a part
 * over 12 can only be the day. Impossible months and days give null.
 */
export function parseDateKey(text: string, order: DateOrder | null = null): number | null {
  const value = trimSpaces(text)
  let year: number
  let month: number
  let day: number
  const iso = ISO_DATE.exec(value)
  if (iso) {
    year = Number(iso[1])
    month = Number(iso[2])
    day = Number(iso[3])
  } else {
    const numeric = NUMERIC_DATE.exec(value)
    if (!numeric) return null
    const first = Number(numeric[1])
    const second = Number(numeric[3])
    year = fullYear(numeric[4]!)
    const prefersDayFirst = order === null ? numeric[2] === '.' : order === 'dmy'
    const isDayFirst = prefersDayFirst ? !(second > 12 && first <= 12) : first > 12
    day = isDayFirst ? first : second
    month = isDayFirst ? second : first
  }
  if (month < 1 || month > 12 || day < 1 || day > 31) return null
  return year * 10000 + month * 100 + day
}

function fullYear(digits: string): number {
  const year = Number(digits)
  if (digits.length === 4) return year
  return year < DATES.twoDigitYearPivot ? 2000 + year : 1900 + year
}

/**
 * Whether a date's reading depends on the order: a day/month date whose two parts differ and are
 * both 12 or less (04/07/2024, not 07/07/2024, 25/07/2024 or 2024-07-04).
 */
export function isAmbiguousDate(text: string): boolean {
  const numeric = NUMERIC_DATE.exec(trimSpaces(text))
  if (!numeric) return false
  const first = Number(numeric[1])
  const second = Number(numeric[3])
  return first !== second && first >= 1 && first <= 12 && second >= 1 && second <= 12
}

const TRUE_WORDS = new Set(['true', 'yes'])
const FALSE_WORDS = new Set(['false', 'no'])

export function parseBoolean(text: string): boolean | null {
  const value = text.trim().toLowerCase()
  if (TRUE_WORDS.has(value)) return true
  if (FALSE_WORDS.has(value)) return false
  return null
}

/**
 * Why a typed column cannot hold this text, or null when it can (blank always can: it empties the
 * cell). The grid's editor refuses such an edit before sending it and the server refuses it again.
 */
export function cellValueError(type: ColumnType, column: string, text: string): string | null {
  const value = text.trim()
  if (value === '') return null
  if (type === 'number' && parseNumber(value) === null) return GRID_MESSAGES.cellNeedsNumber(column)
  if (type === 'date' && parseDateKey(value) === null) return GRID_MESSAGES.cellNeedsDate(column)
  if (type === 'boolean' && parseBoolean(value) === null) return GRID_MESSAGES.cellNeedsBoolean(column)
  return null
}
