import { identifyingColumnsOf, recordIdentityColumnsOf, type IdentifierKind } from '#common/schemas/duplicates'
import type { DuplicateFigures } from '#common/schemas/duplicates'
import { trimSpaces } from '#common/formula/values'
import { sourceColumnKey, type EncodedRows } from './copy-binary.ts'
import { duplicateLabelName } from './duplicate-labels.ts'
import { compareValue, recordKeyOf } from './duplicates-sql.ts'
import { FirstSeen, hashBytes, hashText } from './first-seen.ts'

/**
 * What an import learns about its rows, gathered while they stream through the reader (issue 42:
 * one pass). Each whole-file SQL scan after the COPY (a date column's day/month evidence, the
 * quality report's duplicate figures, the duplicate labels) cost about a second per 100,000 rows
 * and, on PGlite, held every request behind it; here each batch of encoded rows is read once in
 * the import's worker thread, beside the parsing:
 * - the first rows, for the column types and the file's European signs;
 * - each date column's evidence (`DateEvidence`), over every row;
 * - the duplicate figures: whole rows repeated exactly (by their stored JSON), and repeats per
 *   identifying column as plans compare them (`compareValue`);
 * - each row's duplicate labels (decision 029), returned per batch, encoded for a binary COPY
 *   into `csv_row_duplicate_keys`: a label is the first row index that had the row's compared
 *   value, so it is known when the row is read.
 */

/** What a date column's values say of their day/month order (see `decideDateOrder`). */
export type DateEvidence = {
  numeric: number
  dayFirst: number
  monthFirst: number
  dotted: number
  dayFirstExample: string | null
  monthFirstExample: string | null
}

export type RowFactsSummary = {
  /** The first `sampleRows` rows as stored (non-empty cells by key), for the column types. */
  firstRows: Array<Record<string, string>>
  /** Per date column (as `dateColumnsOf` chose them), its evidence over every row. */
  dateEvidence: Map<string, DateEvidence>
  duplicates: DuplicateFigures
}

/** The pattern of NUMERIC_DATE in cell-values.ts: day/month dates such as `04/07/2024`, `4.7.24`. */
const NUMERIC_DATE = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})$/

/** Rows sampled to guess column types (the import's `TYPE_SAMPLE_ROWS`). */
export const TYPE_SAMPLE_ROWS = 1000

/** An identifying column, its entry's name in a row's labels as JSON, and the values seen in it. */
type Identifying = { key: string; name: string; kind: IdentifierKind; label: string; seen: FirstSeen; isIdentity: boolean }

const JSONB_VERSION = 1
const QUOTE = 0x22
const BACKSLASH = 0x5c
const ZERO = 0x30
const utf8 = new TextDecoder()

export class RowFacts {
  private identifying: Identifying[] | null = null
  private keys: string[] = []
  /** Column number (the `N` of `cN`) to key, for the columns whose cells are read after the first rows. */
  private readonly wanted: Array<string | undefined> = []
  private dateKeys: string[] | null = null
  private readonly evidence = new Map<string, DateEvidence>()
  private readonly firstRows: Array<Record<string, string>> = []
  private readonly exact = new FirstSeen()
  /** Records repeated by their identity (`recordIdentityColumnsOf`), when the file has identity columns. */
  private readonly records = new FirstSeen()
  private readonly uuid: Buffer
  private readonly labels = new LabelEncoder()

  constructor(
    uploadId: string,
    private readonly options: {
      /** The date columns among `keys`, decided from the first rows (the caller's type inference). */
      dateColumnsOf: (keys: string[], firstRows: Array<Record<string, string>>) => string[]
      sampleRows?: number
      /** false: only the figures, no labels to COPY (PGlite: see `writesLabelsAtImport`). */
      withLabels?: boolean
    },
  ) {
    this.uuid = Buffer.from(uploadId.replace(/-/g, ''), 'hex')
  }

  /**
   * Reads a batch of encoded rows (`header` their column names) and answers their duplicate
   * labels, encoded for COPY, or null when the file has no identifying column.
   */
  take(header: string[], rows: EncodedRows): EncodedRows | null {
    this.keys = header.map((_, i) => sourceColumnKey(i))
    // A spreadsheet row wider than the header adds columns named 'Column N': never identifying.
    if (this.identifying === null) {
      const columns = header.map((name, i) => ({ key: sourceColumnKey(i), name }))
      const identity = new Set(recordIdentityColumnsOf(columns).map((column) => column.key))
      this.identifying = identifyingColumnsOf(columns).map((column) => ({
        ...column,
        label: JSON.stringify(duplicateLabelName(column)),
        seen: new FirstSeen(),
        isIdentity: identity.has(column.key),
      }))
    }
    const identifying = this.identifying
    const sampleRows = this.options.sampleRows ?? TYPE_SAMPLE_ROWS
    const withLabels = this.options.withLabels ?? true
    const { bytes } = rows
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    let at = 0
    while (at < bytes.length) {
      const fields = view.getInt16(at)
      const index = view.getInt32(at + 6)
      const jsonLength = view.getInt32(at + 10)
      const jsonStart = at + 15
      const jsonEnd = at + 14 + jsonLength
      at = jsonEnd
      if (fields === 3) at += 4 + view.getInt32(at)
      // Whole rows compare as stored (`data`): equal cells make equal JSON, in both readers.
      if (jsonEnd - jsonStart > 2) {
        const [hi, lo] = hashBytes(bytes, jsonStart, jsonEnd)
        this.exact.firstOf(hi, lo, index)
      }
      const wantsCells = identifying.length > 0 || this.dateKeys === null || this.dateKeys.length > 0
      if (!wantsCells) continue
      // The first rows whole (the types' sample); after them only the cells wanted, read from the
      // JSON's bytes: a JSON.parse of every row cost the worker about 1 s per 100 MB.
      const data =
        this.dateKeys === null
          ? (JSON.parse(utf8.decode(bytes.subarray(jsonStart, jsonEnd))) as Record<string, string>)
          : this.wantedCells(buffer, jsonStart, jsonEnd)
      if (identifying.length > 0) {
        const labels = this.labelsOf(identifying, data, index, withLabels)
        if (withLabels) this.labels.add(this.uuid, index, labels)
      }
      if (this.dateKeys === null) {
        this.firstRows.push(data)
        if (this.firstRows.length >= sampleRows) this.decideDateKeys()
      } else {
        this.countDates(this.dateKeys, data)
      }
    }
    return withLabels && identifying.length > 0 ? this.labels.take() : null
  }

  summary(): RowFactsSummary {
    if (this.dateKeys === null) this.decideDateKeys()
    const identifying = this.identifying ?? []
    const identity = identifying.filter((column) => column.isIdentity)
    return {
      firstRows: this.firstRows,
      dateEvidence: this.evidence,
      duplicates: {
        exactRows: this.exact.repeats,
        columns: identifying.map(({ key, name, kind, seen }) => ({ key, name, kind, rows: seen.repeats })),
        records: { columns: identity.map((column) => column.name), rows: identity.length > 0 ? this.records.repeats : this.exact.repeats },
        shared: identifying.filter((column) => column.kind === 'website').map(({ key, name, seen }) => ({ key, name, values: seen.shared })),
      },
    }
  }

  /** The row's labels: per identifying column, its cell as stored and the first row index with its compared value (null when empty). */
  private labelsOf(identifying: Identifying[], data: Record<string, string>, index: number, asJson: boolean): string {
    let json = '{'
    const record: string[] = []
    for (let i = 0; i < identifying.length; i += 1) {
      const column = identifying[i]!
      const cell = data[column.key] ?? ''
      const value = compareValue(cell, column.kind)
      if (column.isIdentity) record.push(value)
      let label: number | null = null
      if (value !== '') {
        const [hi, lo] = hashText(value)
        label = column.seen.firstOf(hi, lo, index)
      }
      if (asJson) json += `${i === 0 ? '' : ','}${column.label}:[${JSON.stringify(cell)},${label}]`
    }
    const recordKey = recordKeyOf(record)
    if (recordKey !== '') this.records.firstOf(...hashText(recordKey), index)
    return `${json}}`
  }

  /**
   * The wanted cells (identifying and date columns) of a row's stored JSON, `{"c1":"...",...}` as
   * `copy-binary.ts` and the fast reader write it: keys in column order, every value a string.
   */
  private wantedCells(buffer: Buffer, start: number, end: number): Record<string, string> {
    const cells: Record<string, string> = {}
    let i = start + 1
    while (i < end && buffer[i] === QUOTE) {
      let column = 0
      for (i += 2; buffer[i] !== QUOTE; i += 1) column = column * 10 + buffer[i]! - ZERO
      const valueStart = i + 3
      let isEscaped = false
      for (i = valueStart; buffer[i] !== QUOTE; i += 1) {
        if (buffer[i] !== BACKSLASH) continue
        isEscaped = true
        i += 1
      }
      const key = this.wanted[column]
      if (key !== undefined) {
        cells[key] = isEscaped ? (JSON.parse(buffer.toString('utf8', valueStart - 1, i + 1)) as string) : buffer.toString('utf8', valueStart, i)
      }
      i += 2
    }
    return cells
  }

  private decideDateKeys(): void {
    this.dateKeys = this.options.dateColumnsOf(this.keys, this.firstRows)
    for (const key of [...(this.identifying ?? []).map((column) => column.key), ...this.dateKeys]) this.wanted[Number(key.slice(1))] = key
    for (const key of this.dateKeys) {
      this.evidence.set(key, { numeric: 0, dayFirst: 0, monthFirst: 0, dotted: 0, dayFirstExample: null, monthFirstExample: null })
    }
    for (const row of this.firstRows) this.countDates(this.dateKeys, row)
  }

  private countDates(keys: string[], data: Record<string, string>): void {
    for (const key of keys) {
      const cell = data[key]
      if (cell === undefined) continue
      const text = trimSpaces(cell)
      const match = NUMERIC_DATE.exec(text)
      if (!match) continue
      const evidence = this.evidence.get(key)!
      const first = Number(match[1])
      const second = Number(match[3])
      evidence.numeric += 1
      if (match[2] === '.') evidence.dotted += 1
      if (first >= 13 && first <= 31 && second >= 1 && second <= 12) {
        evidence.dayFirst += 1
        if (evidence.dayFirstExample === null || text < evidence.dayFirstExample) evidence.dayFirstExample = text
      }
      if (second >= 13 && second <= 31 && first >= 1 && first <= 12) {
        evidence.monthFirst += 1
        if (evidence.monthFirstExample === null || text < evidence.monthFirstExample) evidence.monthFirstExample = text
      }
    }
  }
}

/** Rows of `csv_row_duplicate_keys` in PostgreSQL's binary COPY format: `upload_id uuid, row_index int4, labels jsonb`. */
class LabelEncoder {
  private buf = Buffer.allocUnsafeSlow(1 << 16)
  private pos = 0
  private count = 0

  add(uuid: Buffer, index: number, json: string): void {
    const need = 2 + 4 + 16 + 8 + 5 + json.length * 3
    if (this.pos + need > this.buf.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(this.buf.length * 2, this.pos + need))
      this.buf.copy(grown, 0, 0, this.pos)
      this.buf = grown
    }
    const { buf } = this
    let at = buf.writeInt16BE(3, this.pos)
    at = buf.writeInt32BE(16, at)
    at += uuid.copy(buf, at)
    at = buf.writeInt32BE(4, at)
    at = buf.writeInt32BE(index, at)
    const length = buf.write(json, at + 5)
    at = buf.writeInt32BE(length + 1, at)
    buf[at] = JSONB_VERSION
    this.pos = at + 1 + length
    this.count += 1
  }

  take(): EncodedRows {
    const bytes = Buffer.allocUnsafeSlow(this.pos)
    this.buf.copy(bytes, 0, 0, this.pos)
    const rows = { bytes, count: this.count }
    this.pos = 0
    this.count = 0
    return rows
  }
}
