import { type CopyRowEncoder, keyBytes } from '#server/modules/row-storage/copy-binary'
import type { Newline } from './sniff-dialect.ts'

/**
 * The import's fast lane: ordinary records go straight from the file's UTF-8 bytes to binary COPY
 * rows (`copy-binary.ts`), with no string per cell, no JSON.stringify and next to no garbage. It
 * ran 100 MB of lead list in about a tenth of the general reader's time (Papa Parse, the record
 * classifier and JSON building: 4.2 s, of it 1.1 s collecting garbage).
 *
 * "Ordinary" is narrow on purpose: exactly `width` fields, quotes only around whole fields and
 * doubled inside them, the sniffed line ending, at least one value, not a comment, not a repeated
 * header, no NUL byte, under 64 KB. Anything else stops the scan at that record's first byte and
 * the general reader (Papa Parse plus the record classifier, with their repairs and reports) takes it,
 * so the two always agree; `read-csv.test.ts` checks that they do on every corpus file.
 */

export type FastDialect = {
  delimiter: string
  quoteChar: string
  escapeChar: string
  newline: Newline
  commentChar: '#' | null
}

/** A record longer than this goes to the general reader, which knows how to repair runaway quotes. */
export const FAST_MAX_RECORD_BYTES = 64 * 1024

export type FastScan = {
  /** Byte offset after the last record written. */
  end: number
  /**
   * Why the scan stopped: `full` after `maxRows` records, `done` at the end of final input,
   * `partial` before an unfinished record (more input needed), `irregular` before a record the
   * general reader must read (`long` when it is only too long to hold here).
   */
  stop: 'full' | 'done' | 'partial' | 'irregular' | 'long'
  rows: number
  nonEmptyCells: number
  /** The line after the last record written. */
  nextLine: number
  /** Where the last record written starts in the encoder's buffer, or -1. */
  lastRowAt: number
}

export type FastReader = {
  scan: (
    input: Uint8Array,
    from: number,
    options: { isFinal: boolean; maxRows: number; firstIndex: number; firstLine: number; out: CopyRowEncoder },
  ) => FastScan
}

const PLAIN = 0
const HIGH = 1
const DELIMITER = 2
const QUOTE = 3
const CR = 4
const LF = 5
const ESCAPED = 6
const NUL = 7

const CR_BYTE = 0x0d
const LF_BYTE = 0x0a
const SPACE = 0x20

/** JSON.stringify's escapes for the bytes it escapes: `\"`, `\\`, `\n` and friends, else `\u00xx`. */
const JSON_ESCAPES: (Uint8Array | undefined)[] = Array.from({ length: 0x80 }, (_, byte) => {
  if (byte >= 0x20 && byte !== 0x22 && byte !== 0x5c) return undefined
  return Buffer.from(JSON.stringify(String.fromCharCode(byte)).slice(1, -1))
})

/**
 * Null when the dialect is one the fast lane does not read (several-character delimiters,
 * backslash escapes, a single column): the general reader then reads the whole file.
 */
export function createFastReader(
  dialect: FastDialect,
  table: { width: number; headerFirstCell: string | null; withSearchText: boolean },
): FastReader | null {
  const { delimiter, quoteChar, escapeChar, newline } = dialect
  const { width, withSearchText } = table
  if (delimiter.length !== 1 || quoteChar.length !== 1 || escapeChar !== quoteChar || width < 2) return null
  const delimiterByte = delimiter.charCodeAt(0)
  const quoteByte = quoteChar.charCodeAt(0)
  if (delimiterByte >= 0x80 || quoteByte >= 0x80) return null
  const commentByte = dialect.commentChar === null ? -1 : dialect.commentChar.charCodeAt(0)
  const endsWithLf = newline !== '\r'
  const crlf = newline === '\r\n'
  const plainLf = newline === '\n'

  const classes = new Uint8Array(256)
  for (let byte = 0; byte < 256; byte++) {
    classes[byte] = byte >= 0x80 ? HIGH : JSON_ESCAPES[byte] ? ESCAPED : PLAIN
  }
  classes[0] = NUL
  classes[CR_BYTE] = CR
  classes[LF_BYTE] = LF
  classes[quoteByte] = QUOTE
  classes[delimiterByte] = DELIMITER

  const keys = Array.from({ length: width }, (_, i) => keyBytes(i))
  const maxKeyBytes = Math.max(...keys.map((key) => key.length))
  const headerFirstCell = table.headerFirstCell ? Buffer.from(JSON.stringify(table.headerFirstCell).slice(1, -1)) : null
  const search = Buffer.allocUnsafeSlow(withSearchText ? FAST_MAX_RECORD_BYTES + width : 0)
  const searchDecoder = new TextDecoder()
  // A record writes at most 6 bytes per input byte (`\u00xx`), its keys and the row's framing; its
  // search text at most 3 bytes per UTF-16 unit, which lower-casing can triple.
  const reserve = FAST_MAX_RECORD_BYTES * 6 + width * (maxKeyBytes + 2) + 32 + (withSearchText ? (FAST_MAX_RECORD_BYTES + width) * 9 : 0)

  function scan(
    bytes: Uint8Array,
    from: number,
    { isFinal, maxRows, firstIndex, firstLine, out }: Parameters<FastReader['scan']>[2],
  ): FastScan {
    // One element type for every call (a Buffer is a subclass), so V8 keeps the loop monomorphic.
    const input = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length)
    const length = input.length
    let p = from
    let rows = 0
    let nonEmptyCells = 0
    let line = firstLine
    let lastRowAt = -1
    const stopped = (stop: FastScan['stop'], at: number): FastScan => ({ end: at, stop, rows, nonEmptyCells, nextLine: line, lastRowAt })

    for (;;) {
      if (rows === maxRows) return stopped('full', p)
      if (p >= length) return stopped(isFinal ? 'done' : 'partial', p)
      const start = p
      // Reading stops at `limit`: a record that reaches it while the input goes on is too long here.
      const limit = Math.min(length, start + FAST_MAX_RECORD_BYTES)
      const isTooLong = limit < length
      out.reserve(reserve)
      const buf = out.buf
      let o = out.pos
      const rowAt = o
      // Field count, row_index (4 bytes), then jsonb: length (filled in below), version, '{'.
      buf[o++] = 0
      buf[o++] = withSearchText ? 3 : 2
      writeInt32(buf, o, 4)
      writeInt32(buf, o + 4, firstIndex + rows)
      o += 8
      const jsonLengthAt = o
      o += 4
      buf[o++] = 1
      buf[o++] = 0x7b
      let s = 0
      let field = 0
      let filled = 0
      let breaks = 0
      let nonAscii = false
      let firstCellAt = -1
      let firstCellEnd = -1
      let lastCellEndsWithCr = false
      // Set when the record ends well; `unfinished` when the input ended inside it.
      let recordEnd = -1
      let unfinished = false

      fields: for (;;) {
        if (field === width) break // one field too many: irregular
        const keyAt = o
        if (filled > 0) buf[o++] = 0x2c
        // Copied byte by byte: TypedArray.set costs more than the six bytes of a key.
        const key = keys[field] as Uint8Array
        for (let k = 0; k < key.length; k++) buf[o++] = key[k] as number
        const contentAt = o
        const searchAt = s
        if (withSearchText && filled > 0) search[s++] = SPACE
        let endsWithCr = false

        if (p < limit && input[p] === quoteByte) {
          p++
          for (;;) {
            if (p >= limit) {
              unfinished = true
              break fields
            }
            const byte = input[p] as number
            const kind = classes[byte] as number
            if (kind === QUOTE) {
              if (p + 1 >= length) {
                if (!isFinal) {
                  unfinished = true
                  break fields
                }
                p++
                break
              }
              if (input[p + 1] !== quoteByte) {
                p++
                break
              }
              // A doubled quote is one quote character of the value.
              const escape = JSON_ESCAPES[quoteByte]
              if (escape) {
                buf.set(escape, o)
                o += escape.length
              } else {
                buf[o++] = quoteByte
              }
              if (withSearchText) search[s++] = quoteByte
              p += 2
              endsWithCr = false
              continue
            }
            if (kind === PLAIN || kind === HIGH || (kind === DELIMITER && !JSON_ESCAPES[byte])) {
              buf[o++] = byte
              if (withSearchText) search[s++] = byte >= 0x41 && byte <= 0x5a ? byte + 32 : byte
              if (kind === HIGH) nonAscii = true
              p++
              endsWithCr = false
              continue
            }
            if (kind === NUL) break fields
            // Line breaks, a tab delimiter and the other characters JSON escapes.
            if (kind === LF) breaks++
            else if (kind === CR) {
              if (p + 1 >= length && !isFinal) {
                unfinished = true
                break fields
              }
              if (input[p + 1] !== LF_BYTE) breaks++
            }
            const escape = JSON_ESCAPES[byte] as Uint8Array
            buf.set(escape, o)
            o += escape.length
            if (withSearchText) search[s++] = byte === 0x09 || kind === CR || kind === LF ? SPACE : byte
            endsWithCr = kind === CR
            p++
          }
          // After the closing quote: a delimiter, the line ending, or the end of the input.
          if (p >= length) {
            if (!isFinal) {
              unfinished = true
              break
            }
            recordEnd = p
          } else {
            const next = input[p] as number
            if (next === delimiterByte) {
              p++
            } else if (next === LF_BYTE && plainLf) {
              recordEnd = p + 1
            } else if (next === CR_BYTE && !plainLf) {
              if (p + 1 >= length && !isFinal) {
                unfinished = true
                break
              }
              const lfFollows = input[p + 1] === LF_BYTE
              if (crlf !== lfFollows) break
              recordEnd = p + (crlf ? 2 : 1)
            } else {
              break // text after a closing quote: the general reader decides what it means
            }
          }
        } else {
          for (;;) {
            if (p >= limit) {
              if (isTooLong || !isFinal) {
                unfinished = true
                break fields
              }
              recordEnd = p
              break
            }
            const byte = input[p] as number
            const kind = classes[byte] as number
            if (kind === PLAIN || kind === HIGH) {
              buf[o++] = byte
              if (withSearchText) search[s++] = byte >= 0x41 && byte <= 0x5a ? byte + 32 : byte
              if (kind === HIGH) nonAscii = true
              p++
              continue
            }
            if (kind === DELIMITER) {
              p++
              break
            }
            if (kind === LF) {
              if (!plainLf) break fields
              recordEnd = p + 1
              break
            }
            if (kind === CR) {
              if (p + 1 >= length && !isFinal) {
                unfinished = true
                break fields
              }
              const lfFollows = input[p + 1] === LF_BYTE
              // A '\n' file loses the CR before its LF, as the general reader strips it.
              if (endsWithLf !== lfFollows) break fields
              recordEnd = p + (endsWithLf ? 2 : 1)
              break
            }
            if (kind === ESCAPED) {
              const escape = JSON_ESCAPES[byte] as Uint8Array
              buf.set(escape, o)
              o += escape.length
              if (withSearchText) search[s++] = byte === 0x09 ? SPACE : byte
              p++
              continue
            }
            break fields // a quote inside an unquoted value, or NUL
          }
        }

        if (o === contentAt) {
          // An empty value is left out of the row's JSON.
          o = keyAt
          s = searchAt
        } else {
          if (field === 0) {
            firstCellAt = contentAt
            firstCellEnd = o
          }
          buf[o++] = 0x22
          filled++
        }
        lastCellEndsWithCr = endsWithCr
        field++
        if (recordEnd >= 0) break
      }

      if (unfinished) return stopped(isTooLong ? 'long' : isFinal ? 'irregular' : 'partial', start)
      if (recordEnd < 0 || field !== width || filled === 0 || (plainLf && lastCellEndsWithCr)) return stopped('irregular', start)
      if (firstCellAt >= 0) {
        if (buf[firstCellAt] === commentByte) return stopped('irregular', start)
        if (headerFirstCell && sameBytes(buf, firstCellAt, firstCellEnd, headerFirstCell)) return stopped('irregular', start)
      }

      buf[o++] = 0x7d
      writeInt32(buf, jsonLengthAt, o - jsonLengthAt - 4)
      if (withSearchText) {
        if (nonAscii) {
          // Unicode lower-casing, as String.prototype.toLowerCase does it for the general reader.
          const written = buf.write(searchDecoder.decode(search.subarray(0, s)).toLowerCase(), o + 4)
          writeInt32(buf, o, written)
          o += 4 + written
        } else {
          writeInt32(buf, o, s)
          search.copy(buf, o + 4, 0, s)
          o += 4 + s
        }
      }
      out.pos = o
      out.count++
      out.lines?.push(line)
      lastRowAt = rowAt
      rows++
      nonEmptyCells += filled
      line += 1 + breaks
      p = recordEnd
    }
  }

  return { scan }
}

function writeInt32(buf: Uint8Array, at: number, value: number): void {
  buf[at] = value >>> 24
  buf[at + 1] = (value >>> 16) & 0xff
  buf[at + 2] = (value >>> 8) & 0xff
  buf[at + 3] = value & 0xff
}

function sameBytes(buf: Uint8Array, from: number, to: number, expected: Uint8Array): boolean {
  if (to - from !== expected.length) return false
  for (let i = 0; i < expected.length; i++) if (buf[from + i] !== expected[i]) return false
  return true
}
