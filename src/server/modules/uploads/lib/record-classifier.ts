import Papa from 'papaparse'
import { classifyCell } from './cell-types.ts'
import { genericColumnNames, normalizeHeaderNames } from './column-names.ts'
import type { RecordIssue, IssueReason } from './import-report.ts'
import type { ParseDialect, RecordSink } from './record-parser.ts'
import type { RowCounts } from '#common/schemas/uploads'

export type DataRow = {
  /** 0-based index among imported rows. */
  index: number
  /** 1-based physical line where the record starts. */
  line: number
  /** Exactly `header.length` cells. */
  cells: string[]
}

/** The reader's counts, and how many header records it took. */
export type RecordCounts = RowCounts & { headerRecords: number }

export const emptyRecordCounts = (): RecordCounts => ({
  totalRecords: 0,
  headerRecords: 0,
  validRows: 0,
  paddedRows: 0,
  skippedRows: 0,
  blankLines: 0,
  commentLines: 0,
  nonEmptyCells: 0,
  totalCells: 0,
})

export type RecordClassifier = {
  /** Classifies parsed records into header, blank, comment, imported and skipped ones. */
  classify: (sink: RecordSink, rows: DataRow[], issues: RecordIssue[]) => void
  header: () => string[]
  counts: () => RecordCounts
  /**
   * What the fast reader needs to know: null while records may still be header, preamble or a
   * second table (then every record goes through `classify`), else the table's width and header.
   */
  bodyState: () => { width: number; headerFirstCell: string | null } | null
  /** Counts records the fast reader imported; `lastRow` reads the last one's cells when needed. */
  countFastRows: (rows: number, nonEmptyCells: number, lastRow: () => string[]) => void
}

/**
 * The per-record rules of the import, kept apart from parsing so both stay small. `headerLine` is
 * the physical line of the header record (null: no header); records above it are a preamble.
 */
export function createRecordClassifier(options: {
  dialect: ParseDialect
  commentChar: '#' | null
  headerLine: number | null
  width: number
  unnamedFirstColumn?: boolean
}): RecordClassifier {
  const { dialect, commentChar, headerLine } = options
  let width = options.width
  let header: string[] = headerLine === null ? genericColumnNames(width) : []
  let inBody = headerLine === null
  let headerFirstCell: string | null = null
  let headerNames: Set<string> | null = null
  let inSecondTable = false
  let previousRow: string[] | null = null
  let readPreviousRow: (() => string[]) | null = null
  const counts = emptyRecordCounts()
  const cellParser = new Papa.Parser({ ...dialect, comments: false })

  function acceptHeader(cells: string[]): void {
    if (commentChar !== null && cells[0]?.startsWith(commentChar)) {
      // A commented-out header ("#ISO<TAB>ISO3..."), as geonames and many tools write.
      cells[0] = cells[0].slice(commentChar.length).trimStart()
    }
    const named = options.unnamedFirstColumn && cells.length === width - 1 ? ['', ...cells] : cells
    width = Math.max(width, named.length)
    header = normalizeHeaderNames(named, width)
    const first = cells[0]?.trim() ?? ''
    if (first !== '' && cells.length >= 2) {
      headerFirstCell = cells[0] as string
      headerNames = new Set(cells.map((cell) => cell.trim().toLowerCase()).filter((cell) => cell !== ''))
    }
  }

  /** A second table starts with its own header: it repeats this one's first name and most others. */
  function isRepeatedHeader(cells: string[]): boolean {
    if (headerNames === null) return false
    let named = 0
    let filled = 0
    for (const cell of cells) {
      const name = cell.trim().toLowerCase()
      if (name === '') continue
      filled++
      if (headerNames.has(name)) named++
    }
    return filled >= 2 && named >= 0.8 * filled
  }

  /** `"10,8e4F...,""Engineer, site"""`: a whole record wrapped in quotes by a re-save. */
  function unwrapWholeRow(cell: string): string[] | null {
    if (!cell.includes(dialect.delimiter)) return null
    const result = cellParser.parse(cell, 0, false) as { data: string[][] }
    const inner = result.data
    return inner.length === 1 && inner[0]?.length === width ? inner[0] : null
  }

  function report(
    issues: RecordIssue[],
    line: number,
    action: RecordIssue['action'],
    reason: IssueReason,
    actual: number,
    values?: string[],
  ): void {
    const issue: RecordIssue = { row: line, action, expected_columns: width, actual_columns: actual, reason }
    if (values) issue.values = values
    issues.push(issue)
  }

  function classify(sink: RecordSink, rows: DataRow[], issues: RecordIssue[]): void {
    const { cells: records, lines, repairs } = sink
    let nextRepair = 0
    for (let i = 0; i < records.length; i++) {
      let cells = records[i] as string[]
      const line = lines[i] as number
      let repair: IssueReason | null = null
      if (nextRepair < repairs.length && repairs[nextRepair]?.at === i) repair = (repairs[nextRepair++] as { reason: IssueReason }).reason
      counts.totalRecords++

      const first = cells[0] as string
      if (commentChar !== null && first.startsWith(commentChar) && line !== headerLine) {
        counts.commentLines++
        continue
      }
      let filled = 0
      for (let c = 0; c < cells.length; c++) if ((cells[c] as string).length !== 0) filled++
      if (filled === 0 || (cells.length === 1 && first.trim() === '')) {
        counts.blankLines++
        continue
      }
      if (!inBody) {
        counts.headerRecords++
        // '>=' so a header line the sniff numbered differently still ends the preamble.
        if (line >= (headerLine as number)) {
          acceptHeader(cells)
          inBody = true
        }
        continue
      }

      if (inSecondTable || (first === headerFirstCell && isRepeatedHeader(cells))) {
        // Right under the header it is the same header written twice; after data it opens a
        // second table, which the Pollock corpus expects left out (its rows stay downloadable).
        const repeatedAtTop = !inSecondTable && counts.validRows === 0
        if (!repeatedAtTop) inSecondTable = true
        counts.skippedRows++
        report(issues, line, 'skipped', repeatedAtTop ? 'repeated_header' : 'second_table', cells.length, cells)
        continue
      }

      const actual = cells.length
      if (actual < width && actual === 1) {
        const unwrapped = unwrapWholeRow(first)
        if (unwrapped) {
          cells = unwrapped
          repair = 'whole_row_quoted'
        }
      }
      if (cells.length > width) {
        let extraFilled = 0
        for (let c = width; c < cells.length; c++) if ((cells[c] as string).trim().length !== 0) extraFilled++
        if (extraFilled > 0) {
          counts.skippedRows++
          report(issues, line, 'skipped', repair === 'unterminated_quote' ? repair : 'too_many_columns', actual, cells)
          continue
        }
        // Only empty cells past the last column: a trailing delimiter loses nothing, unless the
        // empty cell was really inserted earlier and the values no longer line up.
        if (readPreviousRow) {
          previousRow = readPreviousRow()
          readPreviousRow = null
        }
        if (previousRow !== null && misaligned(cells, previousRow, width)) {
          counts.skippedRows++
          report(issues, line, 'skipped', 'too_many_columns', actual, cells)
          continue
        }
        filled -= countEmptyTail(cells, width)
        cells.length = width
        report(issues, line, 'other', repair ?? 'extra_empty_columns', actual)
      } else if (cells.length < width) {
        while (cells.length < width) cells.push('')
        counts.paddedRows++
        report(issues, line, 'padded', repair === 'unterminated_quote' ? repair : 'too_few_columns', actual)
      } else if (repair !== null) {
        report(issues, line, 'other', repair, actual)
      }
      if (repair === 'whole_row_quoted') filled = countFilled(cells)
      counts.nonEmptyCells += filled
      counts.totalCells += width
      rows.push({ index: counts.validRows++, line, cells })
      previousRow = cells
      readPreviousRow = null
    }
  }

  return {
    classify,
    header: () => header,
    counts: () => counts,
    bodyState: () => (inBody && !inSecondTable ? { width, headerFirstCell } : null),
    countFastRows(rows, nonEmptyCells, lastRow) {
      counts.totalRecords += rows
      counts.validRows += rows
      counts.nonEmptyCells += nonEmptyCells
      counts.totalCells += rows * width
      readPreviousRow = lastRow
    },
  }
}

/** Two or more columns whose filled values change kind (text where a number was) against the
 *  row before: the record's values have shifted. */
function misaligned(cells: string[], previous: string[], width: number): boolean {
  let changes = 0
  for (let c = 0; c < width; c++) {
    const value = cells[c] as string
    const before = previous[c] as string
    if (value.trim() === '' || before.trim() === '') continue
    if (classifyCell(value) !== classifyCell(before)) changes++
  }
  return changes >= 2
}

/** Cells past `width` that are non-empty yet whitespace-only still counted as filled above. */
function countEmptyTail(cells: string[], width: number): number {
  let filled = 0
  for (let c = width; c < cells.length; c++) if ((cells[c] as string).length !== 0) filled++
  return filled
}

function countFilled(cells: string[]): number {
  let filled = 0
  for (const cell of cells) if (cell.length !== 0) filled++
  return filled
}
