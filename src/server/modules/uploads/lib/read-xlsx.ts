import ExcelJS from 'exceljs'
import { MAX_IMPORT_COLUMNS, XLSX_LIMITS } from '#common/constants'
import { UPLOAD_LIMIT_MESSAGES } from '#common/messages'
import { env } from '#server/env'
import { AppError } from '#server/platform/app-error'
import { genericColumnNames, normalizeHeaderNames } from './column-names.ts'
import { detectHeader } from './detect-header.ts'
import { measureUnpackedBytes, NotAZipError, readZipEntries } from './zip-size.ts'

/** What the header dialog needs from a workbook: its sheets and the first rows of one of them. */
export type WorkbookPreview = {
  sheets: string[]
  sheet: string
  preview: string[][]
  width: number
  hasHeader: boolean
  headerRow: number
  confidence: number
  reasons: string[]
}

export type WorkbookRow = { index: number; line: number; cells: string[] }

export type WorkbookSummary = {
  header: string[]
  totalRecords: number
  validRows: number
  blankLines: number
  nonEmptyCells: number
  totalCells: number
}

const PREVIEW_ROWS = 20
const unreadable =
  "We couldn't read this Excel file. Open it in Excel or another spreadsheet app, save it again as .xlsx (or export it as CSV) and try again."

type CellValue = ExcelJS.CellValue

const pad = (n: number) => String(n).padStart(2, '0')

/** One cell as the text a person sees: dates as ISO dates, formulas as their results. */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE'
  if (value instanceof Date) {
    const date = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`
    const hasTime = value.getUTCHours() || value.getUTCMinutes() || value.getUTCSeconds()
    return hasTime ? `${date} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}` : date
  }
  if ('richText' in value) return value.richText.map((part) => part.text).join('')
  if ('text' in value && typeof value.text === 'string') return value.text
  if ('result' in value) return cellText((value.result ?? null) as CellValue)
  if ('error' in value) return String(value.error)
  return ''
}

function rowCells(row: ExcelJS.Row): string[] {
  const values = row.values as CellValue[]
  const cells: string[] = []
  for (let i = 1; i < values.length; i += 1) cells.push(cellText(values[i] ?? null).trim())
  while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop()
  return cells
}

function openReader(path: string) {
  return new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  })
}

/**
 * Visits the rows of one sheet (the first when `sheet` is not given), streaming, until `onRow`
 * answers true. Only with `stopEarly` does it then leave ExcelJS's iterator: a sheet that came
 * before the shared strings sits in a temp file that ExcelJS then never deletes (its cleanup runs
 * at process exit), so only the preview worker, which exits right after, stops early.
 */
async function visitSheet(
  path: string,
  sheet: string | undefined,
  onRow: (cells: string[], line: number) => Promise<boolean | void> | boolean | void,
  { stopEarly = false } = {},
): Promise<{ sheets: string[]; sheet: string }> {
  const reader = openReader(path)
  let chosen: string | undefined
  const seen: string[] = []
  try {
    sheets: for await (const worksheet of reader) {
      const name = (worksheet as unknown as { name: string }).name
      seen.push(name)
      const isTarget = chosen === undefined && (sheet === undefined || sheet === name)
      if (isTarget) chosen = name
      let isDone = !isTarget
      for await (const row of worksheet) {
        if (isDone) continue
        isDone = (await onRow(rowCells(row as ExcelJS.Row), (row as ExcelJS.Row).number)) === true
        if (isDone && stopEarly) break sheets
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw new AppError('VALIDATION_FAILED', unreadable)
  }
  const model = (reader as unknown as { model?: { sheets?: Array<{ name: string }> } }).model
  const sheets = model?.sheets?.map((s) => s.name) ?? seen
  if (chosen === undefined) {
    if (sheet !== undefined) throw new AppError('VALIDATION_FAILED', `The workbook has no sheet named "${sheet}".`)
    throw new AppError('VALIDATION_FAILED', 'The workbook has no sheets.')
  }
  return { sheets, sheet: chosen }
}

/**
 * Refuses a workbook that unpacks to more than XLSX_LIMITS.unpackedPerUploadMb x MAX_UPLOAD_MB,
 * before anything parses it: the sizes the zip declares first (instant), then the bytes its
 * deflate streams really give, counted and cut off at the limit.
 */
export async function assertWorkbookUnpacksWithinLimit(path: string, maxUploadMb = env.MAX_UPLOAD_MB) {
  const limitMb = XLSX_LIMITS.unpackedPerUploadMb * maxUploadMb
  const limitBytes = limitMb * 1024 * 1024
  try {
    const entries = await readZipEntries(path)
    const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0)
    if (declared <= limitBytes && (await measureUnpackedBytes(path, entries, limitBytes)) !== null) return
  } catch (error) {
    if (error instanceof NotAZipError) throw new AppError('VALIDATION_FAILED', unreadable)
    throw error
  }
  throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_LIMIT_MESSAGES.xlsxTooLargeUnpacked(limitMb))
}

/**
 * The preview's rows and the sheet names. It stops after the preview, so call it only where the
 * process ends soon after (the preview worker, see inspect-in-worker.ts).
 */
export async function inspectWorkbook(path: string, sheet?: string): Promise<WorkbookPreview> {
  const preview: string[][] = []
  const found = await visitSheet(
    path,
    sheet,
    (cells) => {
      if (cells.length > 0) preview.push(cells)
      return preview.length >= PREVIEW_ROWS
    },
    { stopEarly: true },
  )
  if (preview.length === 0) throw new AppError('VALIDATION_FAILED', `The sheet "${found.sheet}" is empty.`)
  if (preview.some((row) => row.length > MAX_IMPORT_COLUMNS)) {
    throw new AppError('VALIDATION_FAILED', UPLOAD_LIMIT_MESSAGES.tooManyColumns(MAX_IMPORT_COLUMNS))
  }
  const verdict = detectHeader(preview)
  return {
    ...found,
    preview,
    width: Math.max(...preview.map((row) => row.length)),
    hasHeader: verdict.hasHeader,
    headerRow: verdict.detectedHeaderRow,
    confidence: verdict.confidence,
    reasons: verdict.reasons,
  }
}

/**
 * Streams one sheet's rows in batches. Rows above the header are a preamble; empty rows count as
 * blank lines; rows are padded to the widest of header and preview (a wider row keeps its cells:
 * spreadsheets have no delimiter to miscount).
 */
export async function readWorkbookRows(
  path: string,
  options: {
    workbook: WorkbookPreview
    sheet: string
    headerRow: number | null
    batchSize: number
    /** More records than this and the import is refused (a sheet holds at most 1,048,576 rows). */
    maxRows?: number
    onBatch: (batch: { header: string[]; rows: WorkbookRow[] }) => Promise<void>
  },
): Promise<WorkbookSummary> {
  const maxRows = options.maxRows ?? XLSX_LIMITS.maxRows
  const { workbook, headerRow } = options
  let header: string[] | undefined = headerRow === null ? genericColumnNames(workbook.width) : undefined
  let nonEmptyIndex = -1
  let batch: WorkbookRow[] = []
  const summary: WorkbookSummary = { header: [], totalRecords: 0, validRows: 0, blankLines: 0, nonEmptyCells: 0, totalCells: 0 }

  await visitSheet(path, options.sheet, async (cells, line) => {
    if (cells.length === 0) {
      summary.blankLines += 1
      return
    }
    nonEmptyIndex += 1
    summary.totalRecords += 1
    if (summary.totalRecords > maxRows) throw new AppError('VALIDATION_FAILED', UPLOAD_LIMIT_MESSAGES.xlsxTooManyRows(maxRows))
    if (!header) {
      if (nonEmptyIndex === headerRow) header = normalizeHeaderNames(cells, workbook.width)
      return
    }
    if (cells.length > header.length) {
      if (cells.length > MAX_IMPORT_COLUMNS) throw new AppError('VALIDATION_FAILED', UPLOAD_LIMIT_MESSAGES.tooManyColumns(MAX_IMPORT_COLUMNS))
      header = [...header, ...genericColumnNames(cells.length).slice(header.length)]
    }
    const row = header.map((_, i) => cells[i] ?? '')
    for (const cell of row) if (cell) summary.nonEmptyCells += 1
    summary.totalCells += row.length
    batch.push({ index: summary.validRows, line, cells: row })
    summary.validRows += 1
    if (batch.length >= options.batchSize) {
      const full = batch
      batch = []
      await options.onBatch({ header, rows: full })
    }
  })
  if (!header) header = genericColumnNames(workbook.width)
  if (batch.length > 0) await options.onBatch({ header, rows: batch })
  summary.header = header
  return summary
}
