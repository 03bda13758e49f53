/**
 * How the formula language reads and writes values, in TypeScript. Row storage's compiler
 * (`row-storage/formula-sql.ts`) says the same in SQL; the tests run both over the same rows.
 *
 * - A cell reads without its outer spaces; nothing left is empty.
 * - Numbers are doubles. Text reads as a number as plans read it (`rowcraft_num`, `parseNumber`);
 *   a magnitude of 1e150 or more is empty and one below 1e-150 is 0, so no arithmetic can overflow.
 * - Dates are calendar days (yyyymmdd), read as plans read them in the column's day/month order;
 *   a day the calendar lacks (31 April) is empty.
 * - A number is written with at most 15 significant digits, without an exponent.
 */
import { parseDateKey, parseNumber } from '#common/cell-values'
import type { DateOrder } from '#common/schemas/uploads'

export type Value = string | number | boolean | null

export const trimSpaces = (text: string) => text.replace(/^ +| +$/g, '')

/** Text as values carry it: '' is empty. */
export const textValue = (text: string): string | null => (text === '' ? null : text)

export const readCell = (raw: string | null | undefined): string | null => textValue(trimSpaces(raw ?? ''))

export const NUMBER_LIMIT = 1e150
export const NUMBER_FLOOR = 1e-150

/** An arithmetic result kept inside the bounds every number lives in. */
export function boundNumber(value: number | null): number | null {
  if (value === null || Number.isNaN(value)) return null
  const size = Math.abs(value)
  if (size >= NUMBER_LIMIT) return null
  if (size < NUMBER_FLOOR) return 0
  return value
}

/** `rowcraft_num` reads at most 400 characters. */
export function readNumber(text: string | null): number | null {
  if (text === null || text.length > 400) return null
  return boundNumber(parseNumber(text))
}

const daysInMonth = (year: number, month: number) => {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/** A yyyymmdd key that is a day of the calendar, or null. */
export function calendarDay(key: number | null): number | null {
  if (key === null) return null
  const year = Math.trunc(key / 10000)
  const month = Math.trunc(key / 100) % 100
  const day = key % 100
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  return key
}

export const readDate = (text: string | null, order: DateOrder | null): number | null =>
  text === null ? null : calendarDay(parseDateKey(text, order))

/** Days since 1970-01-01 of a calendar day (proleptic Gregorian, as PostgreSQL's dates). */
export function dayNumber(key: number): number {
  const year = Math.trunc(key / 10000)
  const month = Math.trunc(key / 100) % 100
  const day = key % 100
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yearOfEra = y - era * 400
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146097 + dayOfEra - 719468
}

export const todayKey = (now: Date = new Date()) => now.getUTCFullYear() * 10000 + (now.getUTCMonth() + 1) * 100 + now.getUTCDate()

/** Latin letters with accents and their plain forms: `rowcraft_fold`'s table (migration 0017). */
const ACCENTED = 'ÀÁÂÃÄÅàáâãäåĀāĂăĄąÇçĆćČčĎďĐđÈÉÊËèéêëĒēĖėĘęĚěĞğÌÍÎÏìíîïĪīİıŁłÑñŃńŇňÒÓÔÕÖØòóôõöøŌōŐőŘřŚśŠšŞşŤťÙÚÛÜùúûüŪūŮůŰűÝýÿŸŹźŻżŽž'
const PLAIN = 'AAAAAAaaaaaaAaAaAaCcCcCcDdDdEEEEeeeeEeEeEeEeGgIIIIiiiiIiIiLlNnNnNnOOOOOOooooooOoOoRrSsSsSsTtUUUUuuuuUuUuUuYyyYZzZzZz'
const PLAIN_OF = new Map([...ACCENTED].map((letter, i) => [letter, PLAIN[i]!]))
const ACCENTED_LETTER = new RegExp(`[${ACCENTED}]`, 'g')

/**
 * Case changed letter by letter by Unicode's simple case mapping, one letter for one letter (as
 * PostgreSQL's `rowcraft_case` collation, migration 0028). JavaScript gives the full mapping; where
 * that is several letters, the simple one is the letter itself but for the few below.
 */
const changeCase = (text: string, change: (letter: string) => string, simple: ReadonlyMap<string, string>) =>
  [...text]
    .map((letter) => {
      const changed = change(letter)
      return [...changed].length === 1 ? changed : (simple.get(letter) ?? letter)
    })
    .join('')

/** İ's simple lower case is i (its full one is i and a combining dot). */
const SIMPLE_LOWER = new Map([['\u0130', 'i']])

/** Greek letters with a iota below: their simple upper case is the capital with the iota beside (full: two letters). */
const SIMPLE_UPPER = new Map(
  [
    ...Array.from({ length: 8 }, (_, i) => [0x1f80 + i, 0x1f88 + i]),
    ...Array.from({ length: 8 }, (_, i) => [0x1f90 + i, 0x1f98 + i]),
    ...Array.from({ length: 8 }, (_, i) => [0x1fa0 + i, 0x1fa8 + i]),
    [0x1fb3, 0x1fbc],
    [0x1fc3, 0x1fcc],
    [0x1ff3, 0x1ffc],
  ].map(([from, to]) => [String.fromCodePoint(from!), String.fromCodePoint(to!)]),
)

export const lowerText = (text: string) => changeCase(text, (letter) => letter.toLowerCase(), SIMPLE_LOWER)
export const upperText = (text: string) => changeCase(text, (letter) => letter.toUpperCase(), SIMPLE_UPPER)

/** `rowcraft_fold`: outer spaces trimmed, Latin accents dropped, lower case. */
export function fold(text: string): string {
  const trimmed = trimSpaces(text)
  // ASCII text (most of a lead list) lower-cases letter for letter: the import folds every
  // identifying cell of a file (issue 42).
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(trimmed)) return trimmed.toLowerCase()
  const plain = trimmed.replace(ACCENTED_LETTER, (letter) => PLAIN_OF.get(letter) ?? letter)
  // toLowerCase changes letters one for one except these two (İ to two letters, Σ by context).
  return /[\u0130\u03a3]/.test(plain) ? lowerText(plain) : plain.toLowerCase()
}

/** true/yes and false/no, in any case, with outer spaces. */
export function readBoolean(text: string | null): boolean | null {
  if (text === null) return null
  const word = fold(text)
  if (word === 'true' || word === 'yes') return true
  if (word === 'false' || word === 'no') return false
  return null
}

/** A number's 15 significant digits and its power of ten: 1234.5 is ['123450000000000', 3]. */
function digitsOf(value: number): [string, number] {
  const [mantissa, exponent] = Math.abs(value).toExponential(14).split('e')
  return [mantissa!.replace('.', ''), Number(exponent)]
}

/** Digits with a point after `pointAt` of them, as a plain decimal without needless zeros. */
function plainDigits(negative: boolean, digits: string, pointAt: number): string {
  const whole = pointAt <= 0 ? '0' : digits.slice(0, pointAt).padEnd(pointAt, '0')
  const fraction = pointAt >= digits.length ? '' : pointAt < 0 ? '0'.repeat(-pointAt) + digits : digits.slice(pointAt)
  const trimmedFraction = fraction.replace(/0+$/, '')
  const text = trimmedFraction === '' ? whole.replace(/^0+(?=\d)/, '') : `${whole.replace(/^0+(?=\d)/, '')}.${trimmedFraction}`
  return negative && /[1-9]/.test(text) ? `-${text}` : text
}

/** A number as text: 15 significant digits at most, plain decimal (PostgreSQL's float8 to numeric). */
export function numberText(value: number): string {
  if (value === 0) return '0'
  const [digits, exponent] = digitsOf(value)
  return plainDigits(value < 0, digits, exponent + 1)
}

/** Rounded to `places` decimals, halves away from zero, on its 15 significant digits (as numeric's round). */
export function roundNumber(value: number, places: number): number {
  if (value === 0) return 0
  const [digits, exponent] = digitsOf(value)
  const kept = exponent + 1 + places
  if (kept >= digits.length) return Number(value.toPrecision(15))
  if (kept < 0) return 0
  const head = kept === 0 ? 0n : BigInt(digits.slice(0, kept))
  const rounded = Number(digits[kept]) >= 5 ? head + 1n : head
  const result = Number(`${value < 0 ? '-' : ''}${rounded}e${-places}`)
  return result === 0 ? 0 : result
}

export const dateText = (key: number) => {
  const year = String(Math.trunc(key / 10000)).padStart(4, '0')
  const month = String(Math.trunc(key / 100) % 100).padStart(2, '0')
  const day = String(key % 100).padStart(2, '0')
  return `${year}-${month}-${day}`
}
