import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { MAX_IMPORT_COLUMNS } from '#common/constants'
import { IMPORT_WARNINGS, UPLOAD_LIMIT_MESSAGES } from '#common/messages'
import { concatBytes, createStreamDecoder, type DecodeEvent } from './decode-stream.ts'
import { detectEncoding, isProbablyBinary } from './detect-encoding.ts'
import { detectHeader } from './detect-header.ts'
import {
  type RecordIssue,
  type FatalError,
  fatalError,
  MAX_SUMMARY_ISSUES,
} from './import-report.ts'
import { commonWidth, isLastColumnEmpty, previewRecords } from './preview-rows.ts'
import { createRecordParser, createSink, CsvRecordError, type ParseDialect } from './record-parser.ts'
import { createRecordClassifier, emptyRecordCounts, type DataRow, type RecordCounts } from './record-classifier.ts'
import { CopyRowEncoder, decodeRows, type EncodedRows } from '#server/modules/row-storage/copy-binary'
import type { RowFacts } from '#server/modules/row-storage/row-facts'
import { createFastReader, type FastReader, type FastScan } from './fast-records.ts'
import { type Newline, sniffDialect } from './sniff-dialect.ts'

export type SniffResult = {
  /** TextDecoder label used for the whole file. */
  encoding: string
  bomLength: number
  delimiter: string
  quoteChar: string
  escapeChar: string
  newline: Newline
  commentChar: '#' | null
  /** No delimiter splits the lines: one column, read as RFC 4180 with ','. */
  singleColumn: boolean
  hasHeader: boolean
  /** 0-based index into `preview` of the detected header row (0 when there is none). */
  headerRow: number
  confidence: number
  /** Header detection reasons, for the header dialog. */
  reasons: string[]
  /** The first records, raw cells, with blank and comment lines left out. */
  preview: string[][]
  /** The 1-based line each preview row starts on; readRecords finds the header by it. */
  previewLines: number[]
  /** Number of columns: the header's width or the common width of the data, whichever is wider. */
  width: number
  /**
   * The header names one column fewer than the data holds and the data's last column is not
   * empty: R's write.csv leaves the row-names column unnamed, so the names belong to columns 2..n.
   */
  unnamedFirstColumn: boolean
  /** How encoding and dialect were chosen, for logs and support. */
  notes: string[]
  fatalError?: FatalError
}

export type RecordBatch = {
  header: string[]
  /** The batch's rows, encoded for COPY (copy-binary.ts: `decodeRows` reads them back). */
  rows: EncodedRows
  /** The batch's duplicate labels, encoded for COPY (`row-facts.ts`), when facts are gathered and the file has identifying columns. */
  labels: EncodedRows | null
  /** Issues found since the previous batch, skipped records with their values. */
  issues: RecordIssue[]
  /** Bytes of the file read so far, for progress. */
  bytesRead: number
}

export type ReadSummary = RecordCounts & {
  /** Normalised column names, one per column. */
  header: string[]
  /** The encoding the file was read with (it changes when a later part is not UTF-8). */
  encoding: string
  /** The first MAX_SUMMARY_ISSUES issues; all of them went out with the batches. */
  issues: RecordIssue[]
  issueCount: number
  warnings: string[]
  /** Set when the file cannot be imported; batches delivered before it must be discarded. */
  fatalError?: FatalError
  /** Rows the fast lane read (fast-records.ts); the general reader read the rest. */
  fastRows: number
}

export type ReadOptions = {
  sniff: SniffResult
  /** Index into `sniff.preview` of the header row, or null for "No Headers". */
  headerRow: number | null
  batchSize: number
  onBatch: (batch: RecordBatch) => Promise<void>
  /** Bytes read per step; 1 MB unless a test wants records and characters cut at chunk edges. */
  chunkBytes?: number
  /** Encode each row's search text too (PGlite stores it). */
  withSearchText?: boolean
  /** Gathers what the import learns about the rows from each batch as it is encoded (issue 42: one pass). */
  facts?: Pick<RowFacts, 'take'>
  /** Keep each row's source line in `rows.lines`, for tests. */
  trackLines?: boolean
  /** false reads every record with the general reader; tests compare the two lanes. */
  fastPath?: boolean
}

/** Enough for encoding, dialect and header detection, and quick on any file size. */
export const SNIFF_BYTES = 64 * 1024
/** Lines named one by one in the warnings; the rest are counted. */
const MAX_BARE_CR_WARNINGS = 5
/** Rows kept for the header dialog, which shows the first five (HEADER_CONFIDENCE.previewRows). */
export const PREVIEW_ROW_LIMIT = 20
/** Rows the header detection compares; the sample usually holds many more. */
const DETECTION_ROWS = 100
const READ_CHUNK_BYTES = 1024 * 1024

function readDialect(sniff: Pick<SniffResult, 'delimiter' | 'quoteChar' | 'escapeChar' | 'newline'>): ParseDialect {
  return { delimiter: sniff.delimiter, quoteChar: sniff.quoteChar, escapeChar: sniff.escapeChar, newline: sniff.newline }
}

async function readSample(path: string): Promise<{ sample: Uint8Array; size: number }> {
  const handle = await open(path, 'r')
  try {
    const { size } = await handle.stat()
    const sample = new Uint8Array(Math.min(size, SNIFF_BYTES))
    const { bytesRead } = await handle.read(sample, 0, sample.length, 0)
    return { sample: sample.subarray(0, bytesRead), size }
  } finally {
    await handle.close()
  }
}

function failedSniff(error: FatalError, encoding = 'utf-8'): SniffResult {
  return {
    encoding,
    bomLength: 0,
    delimiter: ',',
    quoteChar: '"',
    escapeChar: '"',
    newline: '\n',
    commentChar: null,
    singleColumn: false,
    hasHeader: false,
    headerRow: 0,
    confidence: 0,
    reasons: [],
    preview: [],
    previewLines: [],
    width: 0,
    unnamedFirstColumn: false,
    notes: [],
    fatalError: error,
  }
}

/** Reads the first 64 KB and works out everything the header dialog and the import need. */
export async function sniffFile(path: string): Promise<SniffResult> {
  const { sample, size } = await readSample(path)
  if (size === 0) return failedSniff(fatalError('EMPTY_FILE'))
  if (isProbablyBinary(sample)) return failedSniff(fatalError('BINARY_FILE'))

  const guess = detectEncoding(sample)
  const truncated = size > sample.length
  const text = new TextDecoder(guess.encoding, { ignoreBOM: true }).decode(sample.subarray(guess.bomLength), {
    stream: truncated,
  })
  if (text.trim() === '') return failedSniff(fatalError('EMPTY_FILE'), guess.encoding)

  const dialect = sniffDialect(text, { truncated })
  const { rows, lines } = previewRecords(text, truncated, dialect, DETECTION_ROWS)
  if (rows.length === 0 && truncated) {
    // Not one record ends inside the sample: a table far too wide, or no line breaks at all.
    const columnsSoFar = text.split(dialect.delimiter).length
    return failedSniff(
      columnsSoFar > MAX_IMPORT_COLUMNS
        ? { code: 'TOO_MANY_COLUMNS', message: UPLOAD_LIMIT_MESSAGES.tooManyColumns(MAX_IMPORT_COLUMNS) }
        : { code: 'RECORD_TOO_LONG', message: UPLOAD_LIMIT_MESSAGES.firstRowTooLong(SNIFF_BYTES / 1024) },
      guess.encoding,
    )
  }
  if (rows.length === 0) return failedSniff(fatalError('EMPTY_FILE'), guess.encoding)

  const verdict = detectHeader(rows)
  const header = verdict.hasHeader ? (rows[verdict.detectedHeaderRow] as string[]) : null
  const body = header ? rows.slice(verdict.detectedHeaderRow + 1) : rows
  // The data may widen the table past its header only when most rows agree on the wider width:
  // a few long rows are ragged rows (skipped and reported), not unnamed columns.
  const bodyWidth = commonWidth(body)
  const agreeing = body.filter((row) => row.length === bodyWidth).length
  const isBodyWidthDominant = body.length > 0 && agreeing / body.length >= 0.8
  const width = header && !isBodyWidthDominant ? header.length : Math.max(header?.length ?? 0, bodyWidth)
  const unnamedFirstColumn =
    header !== null && isBodyWidthDominant && agreeing >= 2 && header.length === width - 1 && !isLastColumnEmpty(body, width)
  if (width > MAX_IMPORT_COLUMNS) {
    return failedSniff({ code: 'TOO_MANY_COLUMNS', message: UPLOAD_LIMIT_MESSAGES.tooManyColumns(MAX_IMPORT_COLUMNS) }, guess.encoding)
  }
  const notes = [`Encoding: ${guess.encoding} (${guess.reason})`, ...dialect.reasons]
  if (unnamedFirstColumn) notes.push('The header has no name for the first column (row names); its names start at column 2')
  return {
    encoding: guess.encoding,
    bomLength: guess.bomLength,
    ...readDialect(dialect),
    commentChar: dialect.commentChar,
    singleColumn: dialect.singleColumn,
    hasHeader: verdict.hasHeader,
    headerRow: verdict.detectedHeaderRow,
    confidence: verdict.confidence,
    reasons: verdict.reasons,
    preview: rows.slice(0, PREVIEW_ROW_LIMIT),
    previewLines: lines.slice(0, PREVIEW_ROW_LIMIT),
    width,
    unnamedFirstColumn,
    notes,
  }
}

/**
 * The general reader's first window, at the start of the file and after an irregular record; it
 * doubles while records stay irregular or none fits, so the fast lane starts right after the
 * header and takes over again one record after a ragged one.
 */
const SLOW_WINDOW_MIN = 256
/** Past the record parser's longest record (1 MB), so a runaway quote is always seen whole. */
const SLOW_WINDOW_MAX = 2 * 1024 * 1024
const EMPTY = new Uint8Array(0)
const utf8Decoder = new TextDecoder()

/**
 * Streams the file from disk in 1 MB chunks and hands rows to `onBatch` in batches of
 * `batchSize`, already encoded for COPY, waiting for each before reading on (backpressure), so
 * memory stays flat whatever the file size.
 *
 * Two readers share the work. The fast lane (`fast-records.ts`) turns ordinary records straight
 * into COPY rows; whatever it cannot vouch for (the header and what comes before it, ragged rows,
 * blank lines, stray quotes, repeated headers) goes to the general reader, Papa Parse plus the row
 * record classifier, a window at a time, and the fast lane takes over again after it.
 */
export async function readRecords(path: string, options: ReadOptions): Promise<ReadSummary> {
  const { sniff, headerRow, batchSize, onBatch } = options
  const warnings: string[] = []
  const issues: RecordIssue[] = []
  let issueCount = 0
  if (sniff.fatalError) {
    return { ...emptyRecordCounts(), header: [], encoding: sniff.encoding, issues, issueCount, warnings, fatalError: sniff.fatalError, fastRows: 0 }
  }
  const headerLine = headerRow === null ? null : sniff.previewLines[headerRow]
  if (headerLine === undefined) throw new RangeError(`headerRow ${headerRow} is not a row of the preview`)

  const dialect = readDialect(sniff)
  const withSearchText = options.withSearchText ?? false
  const parser = createRecordParser(dialect, { expectedWidth: sniff.width })
  const classifier = createRecordClassifier({
    dialect,
    commentChar: sniff.commentChar,
    headerLine,
    width: sniff.width,
    unnamedFirstColumn: sniff.unnamedFirstColumn && headerRow === sniff.headerRow,
  })
  if (!sniff.encoding.startsWith('utf-')) warnings.push(IMPORT_WARNINGS.notUtf8(sniff.encoding))
  const decoder = createStreamDecoder(sniff.encoding, (event: DecodeEvent) => {
    warnings.push(
      event.kind === 'switched'
        ? IMPORT_WARNINGS.switchedEncoding(parser.line(), event.to)
        : IMPORT_WARNINGS.replacedCharacters(parser.line()),
    )
  })
  let bareCrCount = 0
  const encoder = new CopyRowEncoder(withSearchText, { trackLines: options.trackLines })

  let bytesRead = 0
  let pendingIssues: RecordIssue[] = []
  async function emitBatch(): Promise<void> {
    const batchIssues = pendingIssues
    pendingIssues = []
    const header = classifier.header()
    const rows = encoder.take()
    const labels = options.facts?.take(header, rows) ?? null
    await onBatch({ header, rows, labels, issues: batchIssues, bytesRead })
  }

  // Created once the header is behind: the fast lane needs the table's width and first name.
  let fast: FastReader | null | undefined = options.fastPath === false ? null : undefined
  function fastReader(): FastReader | null {
    const body = classifier.bodyState()
    if (fast === null || body === null) return null
    fast ??= createFastReader({ ...dialect, commentChar: sniff.commentChar }, { ...body, withSearchText })
    return fast
  }

  async function readSlowly(text: string, isFinal: boolean): Promise<void> {
    const sink = createSink()
    parser.push(text, sink)
    if (isFinal) parser.finish(sink)
    const rows: DataRow[] = []
    const found: RecordIssue[] = []
    classifier.classify(sink, rows, found)
    for (const line of sink.bareCrLines) {
      bareCrCount++
      if (bareCrCount <= MAX_BARE_CR_WARNINGS) warnings.push(IMPORT_WARNINGS.bareCarriageReturn(line))
    }
    for (const issue of found) {
      issueCount++
      if (issues.length < MAX_SUMMARY_ISSUES) issues.push(issue)
      pendingIssues.push(issue)
    }
    for (const row of rows) {
      encoder.addRow(row.index, row.cells, row.line)
      if (encoder.count === batchSize) await emitBatch()
    }
  }

  let slowWindow = SLOW_WINDOW_MIN
  let fastRows = 0
  /** Reads what it can of `input`; returns the unfinished record at its end, for the next chunk. */
  async function consume(input: Uint8Array, isFinal: boolean): Promise<Uint8Array> {
    let pos = 0
    for (;;) {
      const reader = fastReader()
      let stop: FastScan['stop'] | null = null
      if (reader) {
        const scan = reader.scan(input, pos, {
          isFinal,
          maxRows: batchSize - encoder.count,
          firstIndex: classifier.counts().validRows,
          firstLine: parser.line(),
          out: encoder,
        })
        if (scan.rows > 0) {
          // The general reader compares a row with too many cells to the one before it.
          const width = classifier.header().length
          const lastRow = Buffer.from(encoder.buf.subarray(scan.lastRowAt, encoder.pos))
          classifier.countFastRows(scan.rows, scan.nonEmptyCells, () => decodeRows(lastRow, width)[0]?.cells ?? [])
          parser.setLine(scan.nextLine)
          fastRows += scan.rows
          slowWindow = SLOW_WINDOW_MIN
        }
        pos = scan.end
        stop = scan.stop
        if (encoder.count === batchSize) await emitBatch()
        if (stop === 'full') continue
        if (stop === 'done') return EMPTY
        if (stop === 'partial') return input.subarray(pos)
      }
      // The general reader takes the rest when the fast lane is off or the record too long for it,
      // else a window of records (the header's too, so the fast lane starts right after it).
      const end = fast === null || stop === 'long' ? input.length : windowEnd(input, pos, slowWindow)
      const atEnd = end === input.length
      const text = utf8Decoder.decode(input.subarray(pos, end))
      await readSlowly(text, isFinal && atEnd)
      if (isFinal && atEnd) return EMPTY
      // The record the window cut stays unread: the next round starts on it.
      const pending = parser.takePending()
      if (atEnd) return Buffer.from(pending)
      if (!text.endsWith(pending)) throw new Error('The record parser kept text it was not given')
      const next = end - Buffer.byteLength(pending)
      // No record finished in the window: widen it rather than read the same bytes again.
      slowWindow = next === pos ? slowWindow * 2 : Math.min(slowWindow * 2, SLOW_WINDOW_MAX)
      pos = next
    }
  }

  let fatal: FatalError | undefined
  const stream = createReadStream(path, { highWaterMark: options.chunkBytes ?? READ_CHUNK_BYTES })
  try {
    let bomLeft = sniff.bomLength
    let carry: Uint8Array = EMPTY
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let bytes: Uint8Array = chunk
      bytesRead += chunk.length
      if (bomLeft > 0) {
        const skip = Math.min(bomLeft, bytes.length)
        bytes = bytes.subarray(skip)
        bomLeft -= skip
      }
      carry = await consume(concatBytes(carry, decoder.decode(bytes)), false)
    }
    await consume(concatBytes(carry, decoder.end()), true)
    if (encoder.count > 0 || pendingIssues.length > 0) await emitBatch()
  } catch (error) {
    if (!(error instanceof CsvRecordError)) throw error
    fatal = { code: error.code, message: error.message }
  } finally {
    stream.destroy()
  }

  if (bareCrCount > MAX_BARE_CR_WARNINGS) warnings.push(IMPORT_WARNINGS.moreBareCarriageReturns(bareCrCount - MAX_BARE_CR_WARNINGS))
  return {
    ...classifier.counts(),
    header: classifier.header(),
    encoding: decoder.encoding(),
    issues,
    issueCount,
    warnings,
    ...(fatal ? { fatalError: fatal } : {}),
    fastRows,
  }
}

/** Where a window of about `size` bytes from `from` ends: after a line feed, or on a character boundary. */
function windowEnd(input: Uint8Array, from: number, size: number): number {
  if (from + size >= input.length) return input.length
  const lineEnd = input.lastIndexOf(0x0a, from + size - 1)
  if (lineEnd >= from) return lineEnd + 1
  let end = from + size
  while (end < input.length && ((input[end] as number) & 0xc0) === 0x80) end++
  return end
}

