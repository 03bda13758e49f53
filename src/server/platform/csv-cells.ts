/**
 * CSV that is safe to open in a spreadsheet (RFC 4180, CRLF records), with the data left as it
 * is. A cell a spreadsheet would run as a formula gets a leading apostrophe, as OWASP advises:
 * one starting with `=`, `@`, a tab or a carriage return, and one starting with `+` or `-` unless
 * the rest is only digits, spaces and the marks of numbers and phone numbers (`( ) . , / -`), such
 * as -5, -1,200, +1 555 0100 or +44 (20) 7946-0958. Such a cell names no function, reference or
 * DDE command, so it cannot run anything, and a phone number or number keeps its exact text.
 */

const ALWAYS_FORMULA = /^[=@\t\r]/
const INERT_SIGNED = /^[+-][\d ().,/-]*$/

export function escapeFormula(value: string): string {
  if (ALWAYS_FORMULA.test(value)) return `'${value}`
  if ((value.startsWith('+') || value.startsWith('-')) && !INERT_SIGNED.test(value)) return `'${value}`
  return value
}

const NEEDS_QUOTES = /[",\r\n]/

export function csvCell(value: string): string {
  const safe = escapeFormula(value)
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

export function csvLine(values: string[]): string {
  return `${values.map(csvCell).join(',')}\r\n`
}

const QUOTE = 0x22
const COMMA = 0x2c
const LF = 0x0a
const CR = 0x0d
const APOSTROPHE = 0x27
const TAB = 0x09
const PLUS = 0x2b
const MINUS = 0x2d

const isFormulaStart = (byte: number | undefined) =>
  byte === 0x3d /* = */ || byte === 0x40 /* @ */ || byte === TAB || byte === CR || byte === PLUS || byte === MINUS

const isInertByte = (byte: number) =>
  (byte >= 0x30 && byte <= 0x39) || byte === 0x20 || byte === 0x28 || byte === 0x29 || byte === 0x2e || byte === COMMA || byte === 0x2f || byte === MINUS

/** The value's bytes from `start` (its sign) to `end`: INERT_SIGNED, byte by byte. */
function isInertSigned(bytes: Buffer, start: number, end: number): boolean {
  for (let at = start + 1; at < end; at += 1) {
    if (!isInertByte(bytes[at]!)) return false
  }
  return true
}

/** Whether the field from `start` to `end` (its text, without quotes) needs the apostrophe. */
function needsEscape(bytes: Buffer, start: number, end: number): boolean {
  const first = bytes[start]
  if (!isFormulaStart(first)) return false
  return !((first === PLUS || first === MINUS) && isInertSigned(bytes, start, end))
}

/**
 * Turns PostgreSQL's CSV output (`COPY ... TO STDOUT (FORMAT csv)`: LF record ends, fields quoted
 * only when they must be) into what `csvLine` writes: CRLF record ends and `escapeFormula`
 * applied to every field. Done here, in one pass over the bytes, because the same test in SQL
 * tripled the database's time (every phone number starts with '+'). Chunks are cut at the last
 * record end; the rest waits for the next chunk.
 */
export function formulaSafeCsvRecords() {
  let carry: Buffer | undefined
  const transform = (chunk: Buffer, isLast: boolean): Buffer => {
    const bytes = carry ? Buffer.concat([carry, chunk]) : chunk
    carry = undefined
    const length = bytes.length
    const out: Buffer[] = []
    let copied = 0
    let recordStart = 0
    let partsAtRecordStart = 0
    let isCut = false
    let at = 0
    // One field a turn: look at its first byte, then skip to the comma or line feed after it.
    while (at < length) {
      const first = bytes[at]!
      if (first === QUOTE) {
        const open = at
        at = skipQuoted(bytes, at + 1, isLast)
        if (at === -1) {
          isCut = true
          break
        }
        // A doubled quote inside is not an inert byte, so `"-1,200"` passes and `"+a""b"` does not.
        if (needsEscape(bytes, open + 1, at - 1)) {
          out.push(bytes.subarray(copied, open + 1), APOSTROPHE_BYTE)
          copied = open + 1
        }
      } else {
        const start = at
        let byte = first
        while (byte !== COMMA && byte !== LF) {
          at += 1
          if (at === length) break
          byte = bytes[at]!
        }
        if (at === length && !isLast) {
          isCut = true
          break
        }
        if (needsEscape(bytes, start, at)) {
          out.push(bytes.subarray(copied, start), APOSTROPHE_BYTE)
          copied = start
        }
      }
      if (at === length) break
      if (bytes[at] === LF) {
        out.push(bytes.subarray(copied, at), CRLF)
        copied = at + 1
        recordStart = at + 1
        partsAtRecordStart = out.length
      }
      at += 1
    }
    if (!isLast && (isCut || recordStart < length)) {
      // The unfinished record is done again, whole, with the next chunk.
      carry = Buffer.from(bytes.subarray(recordStart))
      out.length = partsAtRecordStart
    } else {
      out.push(bytes.subarray(copied))
    }
    return Buffer.concat(out)
  }
  return { push: (chunk: Buffer) => transform(chunk, false), end: () => (carry ? transform(Buffer.alloc(0), true) : Buffer.alloc(0)) }
}

/** The index just past a quoted value's closing quote, or -1 when the chunk ends inside it. */
function skipQuoted(bytes: Buffer, from: number, isLast: boolean): number {
  let at = from
  for (;;) {
    const quote = bytes.indexOf(QUOTE, at)
    if (quote === -1) return -1
    if (bytes[quote + 1] === QUOTE) {
      at = quote + 2
      continue
    }
    // A quote that ends the chunk may be the first of a doubled one.
    if (quote + 1 === bytes.length && !isLast) return -1
    return quote + 1
  }
}

const APOSTROPHE_BYTE = Buffer.from([APOSTROPHE])
const CRLF = Buffer.from('\r\n')
