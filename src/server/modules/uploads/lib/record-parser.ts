import Papa from 'papaparse'
import type { Newline } from './sniff-dialect.ts'

export type ParseDialect = {
  delimiter: string
  quoteChar: string
  escapeChar: string
  newline: Newline
}

/** Why a record was re-read with one quote taken literally. */
export type RepairReason = 'unterminated_quote' | 'stray_quote'

/**
 * Parsed records as parallel arrays, so the hot path allocates nothing per record beyond
 * Papa Parse's own cell arrays. `lines` holds the 1-based physical line each record starts on.
 */
export type RecordSink = {
  cells: string[][]
  lines: number[]
  repairs: { at: number; reason: RepairReason; line: number }[]
  /**
   * Lines where a record holds a carriage return with no line feed after it, in a file whose
   * records end in LF or CRLF: a line break the parser could not see, so two records may have
   * been read as one (or a cell kept an old Mac line break).
   */
  bareCrLines: number[]
}

export type RecordParser = {
  /** Parses every complete record of the text seen so far; keeps a partial last record. */
  push: (text: string, sink: RecordSink) => void
  /** Parses what is left at the end of the input. */
  finish: (sink: RecordSink) => void
  /** The line the next record starts on. */
  line: () => number
  /** Sets it, when records before were read elsewhere (the fast reader). */
  setLine: (line: number) => void
  /** Hands over the unfinished record kept for the next push, so another reader can go on from it. */
  takePending: () => string
}

/** A record that cannot be read; the import stops and names the line. */
export class CsvRecordError extends Error {
  constructor(
    readonly code: 'UNTERMINATED_QUOTE' | 'RECORD_TOO_LONG',
    readonly line: number,
  ) {
    super(
      code === 'UNTERMINATED_QUOTE'
        ? `Line ${line} opens a quoted field that is never closed, so the rest of the file would become one cell. ` +
            'Check the quotes on that line and upload the file again.'
        : `The record on line ${line} is longer than 1 MB, which a spreadsheet row never is. ` +
            'Check that the file is a CSV export and upload it again.',
    )
    this.name = 'CsvRecordError'
  }
}

export function createSink(): RecordSink {
  return { cells: [], lines: [], repairs: [], bareCrLines: [] }
}

/**
 * A record longer than this is an unterminated quote swallowing the file, not data: Excel caps a
 * cell at 32,767 characters, so even a wide row of full cells stays far below it.
 */
const DEFAULT_MAX_RECORD_CHARS = 1 << 20

type ParseError = { code: string; index: number }
type ParseOutput = { data: string[][]; errors: ParseError[]; meta: { cursor: number } }

/**
 * Drives Papa Parse's parser over text arriving in chunks (what its chunk mode does), adding what
 * the importer needs on top: the physical line of each record, bounded memory when a quote is
 * never closed, and a repair for records broken by one stray quote: that quote is read as a
 * literal character, which is how a person reads `9,"CC-9259,$48.00,...` or `"44.39<TAB>7`.
 * A stray-quote repair is kept only when it gives the expected width; an unterminated quote is
 * always repaired, so it is reported instead of becoming one giant cell.
 */
export function createRecordParser(
  dialect: ParseDialect,
  options: { expectedWidth: number | null; maxRecordChars?: number },
): RecordParser {
  const { delimiter, newline } = dialect
  const maxRecordChars = options.maxRecordChars ?? DEFAULT_MAX_RECORD_CHARS
  const config = { ...dialect, comments: false as const }
  const parser = new Papa.Parser(config)
  const stripCarriageReturn = newline === '\n'
  const watchBareCr = newline !== '\r'
  let pending = ''
  let nextLine = 1

  function parse(text: string, isFinal: boolean, sink: RecordSink): void {
    let input = pending + text
    pending = ''
    for (;;) {
      const result = parser.parse(input, 0, !isFinal) as ParseOutput
      let end: number
      if (result.errors.length > 0) {
        const slow = parseSlowly(input, isFinal, sink)
        if (slow.restart) {
          input = input.slice(slow.end)
          continue
        }
        end = slow.end
      } else {
        const rows = result.data
        end = isFinal ? input.length : result.meta.cursor
        if (isFinal) dropTrailingArtefact(rows, input)
        emitRows(rows, input, end, isFinal, sink)
      }
      if (isFinal) return
      if (input.length - end <= maxRecordChars) {
        pending = input.slice(end)
        return
      }
      // The partial record keeps growing: a quote was opened and never closed.
      input = input.slice(repairUnterminated(input, end, sink))
    }
  }

  /** After a final newline Papa reports one more, empty record that is not in the file. */
  function dropTrailingArtefact(rows: string[][], input: string): void {
    const last = rows[rows.length - 1]
    if (last && last.length === 1 && last[0] === '' && input.endsWith(newline)) rows.pop()
  }

  function emitRows(rows: string[][], input: string, end: number, isFinal: boolean, sink: RecordSink): void {
    if (stripCarriageReturn) for (const row of rows) stripTrailingCarriageReturn(row)
    const terminated = !isFinal || end === 0 || input.endsWith(newline)
    const terminators = terminated ? rows.length : rows.length - 1
    const sequential = countBreaks(input, 0, end) === terminators
    for (const row of rows) {
      sink.cells.push(row)
      sink.lines.push(nextLine)
      if (!sequential && watchBareCr && hasBareCarriageReturn(row)) sink.bareCrLines.push(nextLine)
      nextLine += sequential ? 1 : 1 + countBreaksInCells(row)
    }
  }

  /**
   * Chunks with quote errors are parsed again record by record to learn where each record starts
   * and ends. Returns where parsing stopped, and whether a repair moved a record boundary so the
   * text from there must be parsed again.
   */
  function parseSlowly(input: string, isFinal: boolean, sink: RecordSink): { end: number; restart: boolean } {
    const rows: string[][] = []
    const ends: number[] = []
    const errors: (ParseError | undefined)[] = []
    const stepper = new Papa.Parser({
      ...config,
      fastMode: false,
      step: (result: Papa.ParseStepResult<unknown>) => {
        // The raw Parser hands each step a one-row result (ParserHandle would unwrap it).
        const step = result as unknown as ParseOutput
        rows.push(step.data[0] as string[])
        ends.push(step.meta.cursor)
        // An unclosed quote decides the repair even when a malformed one came first.
        errors.push(step.errors.find((error) => error.code === 'MissingQuotes') ?? step.errors[0])
      },
    })
    stepper.parse(input, 0, !isFinal)

    let start = 0
    for (let k = 0; k < rows.length; k++) {
      const row = rows[k] as string[]
      const end = ends[k] as number
      const error = errors[k]
      if (isFinal && start === input.length) break // the artefact after a final newline
      if (error) {
        const repaired = repairRecord(input, start, error, row, isFinal)
        if (repaired) {
          emitRecord(repaired.cells, input, start, repaired.end, sink, repaired.reason)
          if (repaired.end !== end) return { end: repaired.end, restart: true }
          start = end
          continue
        }
      }
      if (stripCarriageReturn) stripTrailingCarriageReturn(row)
      emitRecord(row, input, start, end, sink)
      start = end
    }
    return { end: start, restart: false }
  }

  function emitRecord(
    cells: string[],
    input: string,
    start: number,
    end: number,
    sink: RecordSink,
    reason?: RepairReason,
  ): void {
    if (reason) sink.repairs.push({ at: sink.cells.length, reason, line: nextLine })
    sink.cells.push(cells)
    sink.lines.push(nextLine)
    if (watchBareCr && hasBareCarriageReturn(cells)) sink.bareCrLines.push(nextLine)
    nextLine += countBreaksInRange(input, start, end)
  }

  function repairRecord(
    input: string,
    start: number,
    error: ParseError,
    row: string[],
    isFinal: boolean,
  ): { cells: string[]; end: number; reason: RepairReason } | null {
    const quotePos = error.index - 1
    if (error.code === 'MissingQuotes') {
      const repaired = readQuoteLiterally(input, start, quotePos, isFinal, 0)
      if (!repaired) throw new CsvRecordError('UNTERMINATED_QUOTE', nextLine)
      return { ...repaired, reason: 'unterminated_quote' }
    }
    const width = options.expectedWidth
    if (width === null || row.length === width) return null
    const repaired = readQuoteLiterally(input, start, quotePos, isFinal, 0)
    if (!repaired || repaired.cells.length !== width) return null
    return { ...repaired, reason: 'stray_quote' }
  }

  function repairUnterminated(input: string, start: number, sink: RecordSink): number {
    const probe = parser.parse(input.slice(start), 0, false) as ParseOutput
    const missing = probe.errors.find((error) => error.code === 'MissingQuotes')
    if (!missing) throw new CsvRecordError('RECORD_TOO_LONG', nextLine)
    const repaired = readQuoteLiterally(input, start, start + missing.index - 1, false, 0)
    if (!repaired) throw new CsvRecordError('UNTERMINATED_QUOTE', nextLine)
    emitRecord(repaired.cells, input, start, repaired.end, sink, 'unterminated_quote')
    return repaired.end
  }

  /** Re-reads one record with the quote at `quotePos` as an ordinary character. */
  function readQuoteLiterally(
    input: string,
    start: number,
    quotePos: number,
    isFinal: boolean,
    depth: number,
  ): { cells: string[]; end: number } | null {
    if (depth > 4 || input[quotePos] !== dialect.quoteChar) return null
    let cells: string[] = []
    if (quotePos > start) {
      const prefix = parser.parse(input.slice(start, quotePos), 0, false) as ParseOutput
      if (prefix.data.length !== 1) return null
      cells = prefix.data[0] as string[]
      cells.pop() // the empty start of the field the stray quote opens
    }
    const nextDelimiter = input.indexOf(delimiter, quotePos + 1)
    const nextNewline = input.indexOf(newline, quotePos + 1)
    if (nextNewline === -1 && !isFinal) return null
    const fieldEndsRecord = nextDelimiter === -1 || (nextNewline !== -1 && nextNewline < nextDelimiter)
    if (fieldEndsRecord) {
      const lineEnd = nextNewline === -1 ? input.length : nextNewline
      cells.push(input.slice(quotePos, lineEnd))
      if (stripCarriageReturn) stripTrailingCarriageReturn(cells)
      return { cells, end: nextNewline === -1 ? input.length : nextNewline + newline.length }
    }
    cells.push(input.slice(quotePos, nextDelimiter))
    const restStart = nextDelimiter + delimiter.length
    const rest = readOneRecord(input, restStart, isFinal)
    if (!rest) return null
    if (rest.error) {
      // Another bad quote later in the record: an unclosed one must be read literally too; a
      // malformed one only if that gives the expected width.
      const again = readQuoteLiterally(input, restStart, restStart + rest.error.index - 1, isFinal, depth + 1)
      const width = options.expectedWidth
      const fits = again !== null && (width === null || cells.length + again.cells.length === width)
      if (again && (rest.error.code === 'MissingQuotes' || fits)) {
        return { cells: cells.concat(again.cells), end: again.end }
      }
      if (rest.error.code === 'MissingQuotes') return null
    }
    if (stripCarriageReturn) stripTrailingCarriageReturn(rest.cells)
    return { cells: cells.concat(rest.cells), end: rest.end }
  }

  function readOneRecord(
    input: string,
    from: number,
    isFinal: boolean,
  ): { cells: string[]; end: number; error?: ParseError } | null {
    const one = new Papa.Parser({ ...config, preview: 1, fastMode: false })
    const result = one.parse(input.slice(from), 0, !isFinal) as ParseOutput
    const cells = result.data[0]
    if (!cells) return isFinal ? { cells: [''], end: input.length } : null
    const end = from + (result.meta.cursor || input.length - from)
    return { cells, end, error: result.errors[0] }
  }

  return {
    push: (text, sink) => parse(text, false, sink),
    finish: (sink) => parse('', true, sink),
    line: () => nextLine,
    setLine: (line) => {
      nextLine = line
    },
    takePending: () => {
      const text = pending
      pending = ''
      return text
    },
  }
}

function stripTrailingCarriageReturn(row: string[]): void {
  const last = row.length - 1
  const cell = row[last] as string
  if (cell.charCodeAt(cell.length - 1) === 13) row[last] = cell.slice(0, -1)
}

/** Line breaks (LF, CRLF or a lone CR) in text[from, to), searched natively for whole chunks. */
export function countBreaks(text: string, from: number, to: number): number {
  let breaks = 0
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) breaks++
  for (let i = text.indexOf('\r', from); i !== -1 && i < to; i = text.indexOf('\r', i + 1)) {
    if (text.charCodeAt(i + 1) !== 10) breaks++
  }
  return breaks
}

/** The same count for one record: a bounded loop, so many short ranges stay linear overall. */
function countBreaksInRange(text: string, from: number, to: number): number {
  let breaks = 0
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i)
    if (code === 10 || (code === 13 && text.charCodeAt(i + 1) !== 10)) breaks++
  }
  return breaks
}

function hasBareCarriageReturn(row: string[]): boolean {
  for (const cell of row) {
    for (let i = cell.indexOf('\r'); i !== -1; i = cell.indexOf('\r', i + 1)) {
      if (cell.charCodeAt(i + 1) !== 10) return true
    }
  }
  return false
}

function countBreaksInCells(row: string[]): number {
  let breaks = 0
  for (const cell of row) {
    if (cell.indexOf('\n') === -1 && cell.indexOf('\r') === -1) continue
    for (let i = 0; i < cell.length; i++) {
      const code = cell.charCodeAt(i)
      if (code === 10 || (code === 13 && cell.charCodeAt(i + 1) !== 10)) breaks++
    }
  }
  return breaks
}
