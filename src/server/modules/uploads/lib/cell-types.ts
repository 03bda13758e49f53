export type CellType = 'empty' | 'number' | 'date' | 'time' | 'email' | 'url' | 'phone' | 'text'

/** Markers spreadsheets and stats tools write for a missing value. */
const MISSING = new Set(['na', 'n/a', 'null', 'none', 'nan', '-', '--', '—', '#n/a'])

const NUMBER =
  /^[-+]?(?:[£$€¥]\s?)?(?:\d{1,3}(?:[,.' \u00a0]\d{3})+|\d+)(?:[.,]\d+)?(?:[eE][-+]?\d+)?(?:\s?[%£$€¥]|\s?(?:EUR|USD|GBP))?$/
const LEADING_DECIMAL = /^[-+]?[.,]\d+%?$/
const ISO_DATE = /^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/
const DAY_MONTH_YEAR = /^\d{1,2}[-/.]\d{1,2}[-/.](?:\d{2}|\d{4})(?:,?\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AaPp][Mm])?)?$/
const MONTH_NAME_DATE =
  /^(?:\d{1,2}[ -])?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?[ -](?:\d{1,2},?\s)?\d{2,4}$/i
const TIME = /^\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s?[AaPp][Mm])?$/
const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[A-Za-z]{2,}$/
const URL = /^(?:https?:\/\/|www\.)\S+$/i
const PHONE = /^(?:\+|00)?[\d\s().-]{7,}(?:\s?(?:x|ext\.?)\s?\d{1,6})?$/i

/** What a cell's text looks like; used to tell a header row from the data below it. */
export function classifyCell(raw: string): CellType {
  const value = raw.trim()
  if (value === '' || MISSING.has(value.toLowerCase())) return 'empty'
  if (NUMBER.test(value) || LEADING_DECIMAL.test(value)) return 'number'
  if (ISO_DATE.test(value) || DAY_MONTH_YEAR.test(value) || MONTH_NAME_DATE.test(value)) return 'date'
  if (TIME.test(value)) return 'time'
  if (EMAIL.test(value)) return 'email'
  if (URL.test(value)) return 'url'
  if (PHONE.test(value) && countDigits(value) >= 7) return 'phone'
  return 'text'
}

function countDigits(value: string): number {
  let digits = 0
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code >= 48 && code <= 57) digits++
  }
  return digits
}

const PLAIN_TEXT = /^[\p{L}\p{N}\p{M} _\-.'’&()/#+]*$/u

/**
 * A cell that parsed into something sensible: a recognisable value, or words without stray
 * separators or quotes. A wrong delimiter leaves fragments like `1;3` or `'Acme';£ 1`.
 */
export function isCleanCell(raw: string): boolean {
  return classifyCell(raw) !== 'text' || PLAIN_TEXT.test(raw.trim())
}
