import Papa from 'papaparse'
import { isCleanCell } from './cell-types.ts'

export type Newline = '\r\n' | '\n' | '\r'

export type Dialect = {
  /** ',', ';', '\t', '|' or the two-character ', ' (comma plus space, as in the Pollock suite). */
  delimiter: string
  quoteChar: '"' | "'"
  /** Equal to quoteChar for doubled quotes (RFC 4180), '\\' for backslash escapes. */
  escapeChar: '"' | "'" | '\\'
  newline: Newline
  /** '#' when lines starting with it are comments rather than data. */
  commentChar: '#' | null
  /** No candidate delimiter splits the records consistently: one column, read with ','. */
  singleColumn: boolean
  /** The most common field count among the sampled records. */
  modalWidth: number
  reasons: string[]
}

type Candidate = {
  delimiter: string
  quoteChar: '"' | "'"
  newline: Newline
  score: number
  modalWidth: number
  records: string[][]
}

/** ', ' comes first so it wins a tie with ',' (every comma followed by a space: cleaner cells). */
const DELIMITERS = [', ', ',', ';', '\t', '|'] as const
const QUOTES = ['"', "'"] as const
const MAX_SCORED_RECORDS = 200

const delimiterNames: Record<string, string> = {
  ', ': 'comma + space',
  ',': 'comma',
  ';': 'semicolon',
  '\t': 'tab',
  '|': 'pipe',
}

/**
 * Works out how a CSV sample is written. Every combination of delimiter, quote and record
 * delimiter is parsed with quotes respected and scored by how consistently it splits the
 * records (CleverCSV's pattern score), so commas inside quoted fields, decimal commas under a
 * semicolon delimiter and LF inside CR-only records do not mislead it.
 * `truncated` says the sample was cut from a longer file, so its last record may be partial.
 */
export function sniffDialect(text: string, options: { truncated?: boolean } = {}): Dialect {
  const truncated = options.truncated ?? false
  const newlines = newlineCandidates(text)
  let best: Candidate | null = null
  for (const newline of newlines) {
    for (const delimiter of DELIMITERS) {
      if (!text.includes(delimiter)) continue
      for (const quoteChar of QUOTES) {
        if (quoteChar === "'" && !text.includes("'")) continue
        const candidate = scoreCandidate(text, truncated, { delimiter, quoteChar, newline })
        if (candidate.modalWidth < 2) continue
        if (!best || candidate.score > best.score) best = candidate
      }
    }
  }

  const reasons: string[] = []
  const newline = best?.newline ?? newlines[0] ?? '\n'
  if (!best) {
    reasons.push('No delimiter splits the lines consistently: reading the file as a single column')
    const records = parseRecords(text, truncated, { delimiter: ',', quoteChar: '"', newline, escapeChar: '"' })
    return {
      delimiter: ',',
      quoteChar: '"',
      escapeChar: '"',
      newline,
      commentChar: detectCommentChar(records, 1),
      singleColumn: true,
      modalWidth: 1,
      reasons,
    }
  }

  const escapeChar = chooseEscape(text, truncated, best)
  reasons.push(
    `${delimiterNames[best.delimiter]} splits ${consistencyPercent(best)}% of the sampled records into ${best.modalWidth} fields`,
  )
  if (best.quoteChar === "'") reasons.push("Fields are quoted with single quotes (')")
  if (escapeChar === '\\') reasons.push('Quotes inside fields are escaped with a backslash')
  return {
    delimiter: best.delimiter,
    quoteChar: best.quoteChar,
    escapeChar,
    newline,
    commentChar: detectCommentChar(best.records, best.modalWidth),
    singleColumn: false,
    modalWidth: best.modalWidth,
    reasons,
  }
}

/** Record delimiters present in the text, CRLF first so it wins ties (Excel's LF-in-cell exports). */
function newlineCandidates(text: string): Newline[] {
  let crlf = 0
  let cr = 0
  let lf = 0
  for (let i = text.indexOf('\r'); i !== -1; i = text.indexOf('\r', i + 1)) {
    if (text.charCodeAt(i + 1) === 10) crlf++
    else cr++
  }
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lf++
  lf -= crlf
  const found: Newline[] = []
  if (crlf > 0) found.push('\r\n')
  if (lf > 0) found.push('\n')
  if (cr > 0) found.push('\r')
  return found.length > 0 ? found : ['\n']
}

type ParseDialect = { delimiter: string; quoteChar: string; newline: Newline; escapeChar: string }

/** Parses a sample into records, dropping the artefacts: the partial last record of a cut sample,
 *  and the empty "record" after a final newline. */
export function parseRecords(text: string, truncated: boolean, dialect: ParseDialect): string[][] {
  return parseWithErrors(text, truncated, dialect).records
}

function parseWithErrors(
  text: string,
  truncated: boolean,
  dialect: ParseDialect,
): { records: string[][]; errors: number } {
  const parser = new Papa.Parser({ ...dialect, comments: false })
  const result = parser.parse(text, 0, truncated) as Papa.ParseResult<string[]>
  const records = result.data
  if (!truncated && text.endsWith(dialect.newline)) records.pop()
  return { records, errors: result.errors.length }
}

function isBlank(record: string[]): boolean {
  return record.length === 1 && (record[0] as string).trim() === ''
}

function isCommentLike(record: string[]): boolean {
  return (record[0] as string).charCodeAt(0) === 35 // '#'
}

function scoreCandidate(
  text: string,
  truncated: boolean,
  dialect: { delimiter: string; quoteChar: '"' | "'"; newline: Newline },
): Candidate {
  const { records: all, errors } = parseWithErrors(text, truncated, { ...dialect, escapeChar: dialect.quoteChar })
  const records = all.filter((record) => !isBlank(record) && !isCommentLike(record)).slice(0, MAX_SCORED_RECORDS)
  const n = Math.max(1, records.length)
  const counts = new Map<number, number>()
  for (const record of records) counts.set(record.length, (counts.get(record.length) ?? 0) + 1)

  // CleverCSV's pattern score, on shares of records so that a wrong delimiter which chops
  // multi-line cells into many short records gains nothing from their number.
  let modalWidth = 0
  let modalCount = 0
  let pattern = 0
  for (const [width, count] of counts) {
    pattern += ((count / n) * (width - 1)) / width
    if (count > modalCount || (count === modalCount && width > modalWidth)) {
      modalWidth = width
      modalCount = count
    }
  }
  pattern /= Math.max(1, counts.size)

  // Quotes left at the edge of a cell mean the quoting was not understood with this dialect;
  // cells wrapped in the other quote character mean that one was the real quote; fragments
  // like `1;3` mean the delimiter cut through values.
  const otherQuote = dialect.quoteChar === '"' ? "'" : '"'
  let strayQuotes = 0
  let wrappedByOther = 0
  let clean = 0
  let cells = 0
  for (const record of records) {
    for (const cell of record) {
      cells++
      if (cell.startsWith(dialect.quoteChar) || cell.endsWith(dialect.quoteChar)) strayQuotes++
      if (cell.length >= 2 && cell.startsWith(otherQuote) && cell.endsWith(otherQuote)) wrappedByOther++
      if (isCleanCell(cell)) clean++
    }
  }
  cells = Math.max(1, cells)
  let score = pattern * (0.1 + (0.9 * clean) / cells)
  score *= 1 - Math.min(0.9, (2 * strayQuotes) / n)
  score *= 1 - Math.min(0.5, errors / n)
  score *= 1 - 0.1 * Math.min(1, (10 * wrappedByOther) / cells)
  return { ...dialect, score, modalWidth, records: all }
}

function consistencyPercent(candidate: Candidate): number {
  const records = candidate.records.filter((record) => !isBlank(record) && !isCommentLike(record))
  const matching = records.filter((record) => record.length === candidate.modalWidth).length
  return Math.round((100 * matching) / Math.max(1, records.length))
}

/**
 * Backslash escaping only when the sample has \" more than once and reading it that way gives
 * fewer quote errors: exports that escape with backslashes do it throughout, while a lone \' is
 * more likely a backslash that belongs to the data.
 */
function chooseEscape(text: string, truncated: boolean, best: Candidate): Dialect['escapeChar'] {
  const escaped = `\\${best.quoteChar}`
  const first = text.indexOf(escaped)
  if (first === -1 || text.indexOf(escaped, first + 2) === -1) return best.quoteChar
  const dialect = { delimiter: best.delimiter, quoteChar: best.quoteChar, newline: best.newline }
  const doubled = parseWithErrors(text, truncated, { ...dialect, escapeChar: best.quoteChar }).errors
  const backslash = parseWithErrors(text, truncated, { ...dialect, escapeChar: '\\' }).errors
  return backslash < doubled ? '\\' : best.quoteChar
}

/**
 * '#' lines are comments when they cannot be data: they open the file, are a bare '#' or
 * '# text' / '##' / '#!' line, or do not have the table's width. A first column of '#123'
 * order numbers stays data.
 */
function detectCommentChar(records: string[][], modalWidth: number): '#' | null {
  const firstContent = records.find((record) => !isBlank(record))
  if (!firstContent) return null
  if (isCommentLike(firstContent)) return '#'
  const hashRecords = records.filter(isCommentLike)
  if (hashRecords.length === 0) return null
  const looksLikeComment = hashRecords.some((record) => {
    const first = record[0] as string
    return first === '#' || /^#[\s#!]/.test(first) || record.length !== modalWidth
  })
  return looksLikeComment ? '#' : null
}
