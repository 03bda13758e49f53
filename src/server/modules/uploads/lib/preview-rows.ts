import { createRecordParser, createSink, CsvRecordError } from './record-parser.ts'
import type { Dialect } from './sniff-dialect.ts'

/** A cut sample shows an unclosed quote as a partial record; it is capped well inside the sample. */
const MAX_SAMPLE_RECORD_CHARS = 32 * 1024

/**
 * Records of the sample other than blank and comment lines, with their lines. A comment line
 * directly above the first record and as wide as it is a commented-out header and is kept.
 */
export function previewRecords(
  text: string,
  truncated: boolean,
  dialect: Dialect,
  maxRows: number,
): { rows: string[][]; lines: number[] } {
  const sink = createSink()
  const parser = createRecordParser(dialect, {
    expectedWidth: dialect.modalWidth,
    maxRecordChars: MAX_SAMPLE_RECORD_CHARS,
  })
  try {
    parser.push(text, sink)
    if (!truncated) parser.finish(sink)
  } catch (error) {
    if (!(error instanceof CsvRecordError)) throw error
  }

  const rows: string[][] = []
  const lines: number[] = []
  let lastComment = -1
  for (let i = 0; i < sink.cells.length && rows.length < maxRows; i++) {
    const cells = sink.cells[i] as string[]
    const isBlank = cells.every((cell) => cell.length === 0) || (cells.length === 1 && cells[0]?.trim() === '')
    if (isBlank) continue
    if (dialect.commentChar !== null && cells[0]?.startsWith(dialect.commentChar)) {
      lastComment = i
      continue
    }
    const commented = rows.length === 0 && lastComment >= 0 && lastComment === i - 1 ? sink.cells[lastComment] : undefined
    if (commented && commented.length === cells.length && cells.length >= 2) {
      rows.push([(commented[0] as string).slice(1).trimStart(), ...commented.slice(1)])
      lines.push(sink.lines[lastComment] as number)
    }
    rows.push(cells)
    lines.push(sink.lines[i] as number)
  }
  return { rows, lines }
}

/** A trailing delimiter on data rows makes a last column that is empty everywhere. */
export function isLastColumnEmpty(rows: string[][], width: number): boolean {
  return rows.every((row) => row.length < width || (row[width - 1] as string).trim() === '')
}

/** The most common field count; the wider one on a tie, so no real column is cut off. */
export function commonWidth(rows: string[][]): number {
  const counts = new Map<number, number>()
  let best = 0
  let bestCount = 0
  for (const row of rows) {
    const count = (counts.get(row.length) ?? 0) + 1
    counts.set(row.length, count)
    if (count > bestCount || (count === bestCount && row.length > best)) {
      best = row.length
      bestCount = count
    }
  }
  return best
}
