import { parseNumber } from '#common/cell-values'

/**
 * CSV that is safe to open in a spreadsheet (RFC 4180, CRLF records). A cell that a spreadsheet
 * would run as a formula (starting with = + - @, tab or carriage return) gets a leading apostrophe,
 * as OWASP advises, except a plain signed number such as -5, which stays a number.
 */

const FORMULA_START = /^[=+\-@\t\r]/

export function escapeFormula(value: string): string {
  if (!FORMULA_START.test(value)) return value
  if ((value[0] === '-' || value[0] === '+') && parseNumber(value) !== null) return value
  return `'${value}`
}

const NEEDS_QUOTES = /[",\r\n]/

export function csvCell(value: string): string {
  const safe = escapeFormula(value)
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

export function csvLine(values: string[]): string {
  return `${values.map(csvCell).join(',')}\r\n`
}

/** The SQL form of `escapeFormula`, for exports written by the database (COPY ... TO STDOUT). */
export function escapeFormulaSql(expression: string): string {
  return `CASE WHEN ${expression} ~ '^[-=+@\\t\\r]' AND rowcraft_num(${expression}) IS NULL THEN '''' || ${expression} ELSE ${expression} END`
}

/**
 * PostgreSQL's CSV output ends records with LF; RFC 4180 wants CRLF. Adds a CR before every LF
 * that ends a record (outside quotes); newlines inside quoted values are left as they were.
 */
export function crlfRecords() {
  let isQuoted = false
  return (chunk: Buffer): Buffer => {
    const parts: Buffer[] = []
    let start = 0
    let at = 0
    while (at < chunk.length) {
      if (isQuoted) {
        const quote = chunk.indexOf(0x22, at)
        if (quote === -1) break
        isQuoted = false
        at = quote + 1
        continue
      }
      const quote = chunk.indexOf(0x22, at)
      const newline = chunk.indexOf(0x0a, at)
      if (newline !== -1 && (quote === -1 || newline < quote)) {
        parts.push(chunk.subarray(start, newline), CRLF)
        start = newline + 1
        at = newline + 1
        continue
      }
      if (quote === -1) break
      isQuoted = true
      at = quote + 1
    }
    if (parts.length === 0) return chunk
    parts.push(chunk.subarray(start))
    return Buffer.concat(parts)
  }
}

const CRLF = Buffer.from('\r\n')
