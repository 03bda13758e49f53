/**
 * Rows in PostgreSQL's binary COPY format: `row_index int4, data jsonb[, search_text text]`, data
 * being JSON keyed by stable column keys with empty cells left out. The upload id is the bare
 * table's column default, so it is not sent 461,000 times.
 *
 * Binary, not text: the server skips the text format's de-escaping (a COPY of 461,000 lead rows
 * took 2.1-2.3 s instead of 2.7-2.8 s here) and nothing needs its backslashes doubled. Pure, so
 * the import worker thread builds it; `fast-records.ts` writes the same layout straight from the
 * file's bytes.
 */

import { storableText } from '#common/input-bounds'

export type RowCells = { index: number; cells: string[] }

/** The stable key of the source column at a 0-based position: c1, c2, ... */
export const sourceColumnKey = (position: number) => `c${position + 1}`

/** Starts every COPY stream: signature, flags, header extension length. */
export const COPY_BINARY_HEADER = Uint8Array.of(0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0)
/** Ends every COPY stream: a field count of -1. */
export const COPY_BINARY_TRAILER = Uint8Array.of(0xff, 0xff)

/** jsonb's binary input: a version byte, then the JSON text. */
const JSONB_VERSION = 1

const quotedKeys: string[] = []
const quotedKey = (i: number) => (quotedKeys[i] ??= `${JSON.stringify(sourceColumnKey(i))}:`)


export function rowJson(cells: string[]): string {
  let json = '{'
  let first = true
  for (let i = 0; i < cells.length; i += 1) {
    const value = cells[i]
    if (!value) continue
    json += (first ? '' : ',') + quotedKey(i) + JSON.stringify(storableText(value))
    first = false
  }
  return json + '}'
}

/** The row's values lower-cased, for PGlite's stored search text; tabs and line breaks become spaces. */
export function searchText(cells: string[]): string {
  let text = ''
  for (const value of cells) if (value) text += (text ? ' ' : '') + storableText(value)
  return text.toLowerCase().replace(/[\t\n\r]/g, ' ')
}

/** The JSON key and opening quote of column `i`, as UTF-8 bytes (`,` not included). */
export function keyBytes(i: number): Uint8Array {
  return Buffer.from(`${quotedKey(i)}"`)
}

/**
 * A batch of rows being written. The fast reader writes into `buf` itself: it calls `reserve`
 * before a record, writes from `pos`, and commits by moving `pos` and `count`.
 */
export class CopyRowEncoder {
  buf: Buffer
  pos = 0
  count = 0
  /** Each row's 1-based source line, kept only when asked for (tests). */
  readonly lines: number[] | null

  constructor(
    readonly withSearchText: boolean,
    options: { trackLines?: boolean } = {},
  ) {
    this.buf = Buffer.allocUnsafeSlow(1 << 16)
    this.lines = options.trackLines ? [] : null
  }

  /** Makes room for `bytes` more from `pos`. */
  reserve(bytes: number): void {
    if (this.pos + bytes <= this.buf.length) return
    const grown = Buffer.allocUnsafeSlow(Math.max(this.buf.length * 2, this.pos + bytes))
    this.buf.copy(grown, 0, 0, this.pos)
    this.buf = grown
  }

  /** Appends one row built from strings (rows the fast reader left to the general reader, spreadsheets). */
  addRow(index: number, cells: string[], line = 0): void {
    const json = rowJson(cells)
    const search = this.withSearchText ? searchText(cells) : ''
    // UTF-8 takes at most three bytes per UTF-16 code unit.
    this.reserve(2 + 8 + 5 + json.length * 3 + (this.withSearchText ? 4 + search.length * 3 : 0))
    const { buf } = this
    let at = this.pos
    at = buf.writeInt16BE(this.withSearchText ? 3 : 2, at)
    at = buf.writeInt32BE(4, at)
    at = buf.writeInt32BE(index, at)
    const jsonLength = buf.write(json, at + 5)
    at = buf.writeInt32BE(jsonLength + 1, at)
    buf[at] = JSONB_VERSION
    at += 1 + jsonLength
    if (this.withSearchText) {
      const searchLength = buf.write(search, at + 4)
      at = buf.writeInt32BE(searchLength, at) + searchLength
    }
    this.pos = at
    this.count += 1
    this.lines?.push(line)
  }

  /**
   * Hands the rows over in a buffer of their exact size, its own allocation (so a worker thread
   * can move it), and starts an empty batch in the same working buffer, which keeps the room
   * `reserve` asked for instead of growing again for every batch.
   */
  take(): EncodedRows {
    const bytes = Buffer.allocUnsafeSlow(this.pos)
    this.buf.copy(bytes, 0, 0, this.pos)
    const rows: EncodedRows = { bytes, count: this.count }
    if (this.lines) rows.lines = this.lines.splice(0)
    this.pos = 0
    this.count = 0
    return rows
  }
}

/** Rows ready for COPY, without the stream's header and trailer (the row writer adds those). */
export type EncodedRows = { bytes: Uint8Array; count: number; lines?: number[] }

export function encodeRows(rows: RowCells[], withSearchText: boolean): EncodedRows {
  const encoder = new CopyRowEncoder(withSearchText)
  for (const row of rows) encoder.addRow(row.index, row.cells)
  return encoder.take()
}

export type DecodedRow = { index: number; cells: string[]; searchText?: string }

/** Reads encoded rows back into cells (`width` of them, empty where the JSON has no key). */
export function decodeRows(bytes: Uint8Array, width: number): DecodedRow[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const utf8 = new TextDecoder('utf-8', { fatal: true })
  const rows: DecodedRow[] = []
  let at = 0
  while (at < bytes.length) {
    const fields = view.getInt16(at)
    const index = view.getInt32(at + 6)
    const jsonLength = view.getInt32(at + 10)
    if (bytes[at + 14] !== JSONB_VERSION) throw new Error(`Bad jsonb version at byte ${at + 14}`)
    const data = JSON.parse(utf8.decode(bytes.subarray(at + 15, at + 14 + jsonLength))) as Record<string, string>
    at += 14 + jsonLength
    const cells = Array.from({ length: width }, (_, i) => data[sourceColumnKey(i)] ?? '')
    const row: DecodedRow = { index, cells }
    if (fields === 3) {
      const searchLength = view.getInt32(at)
      row.searchText = utf8.decode(bytes.subarray(at + 4, at + 4 + searchLength))
      at += 4 + searchLength
    }
    rows.push(row)
  }
  return rows
}
