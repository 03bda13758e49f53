import { PassThrough, Readable } from 'node:stream'
import { asc, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import {
  EXPORT_FILE_PREFIX,
  type CreateExportInput,
  type CreateExportRequest,
  type ExportFormat,
  type RowView,
} from '#common/schemas/rows'
import { db, driver } from '#server/db/client'
import { exports, uploadColumns } from '#server/db/schema/index'
import { logger } from '#server/platform/logger'
import { getReadableUploadOrThrow } from '#server/modules/uploads/uploads.service'
import { countViewRows, rowsByIndex, viewRowIndexPages, type RowSource } from '#server/modules/row-storage/row-reader'
import { copyViewCsv } from '#server/modules/row-storage/view-copy'
import { jsonObjectCell, planAiExport, withAiDetails, type ExportColumn } from './ai-details.ts'
import { csvLine, formulaSafeCsvRecords } from '#server/platform/csv-cells'
import { jsonCell, typedCell } from './lib/typed-cells.ts'

/** Rows read from the database per page; the export never holds more than one page. */
const EXPORT_PAGE_ROWS = 1000
const EXPORT_CHUNK_BYTES = 64 * 1024
/** Dates in a workbook read as the grid writes them. */
const XLSX_DATE_FORMAT = 'yyyy-mm-dd'

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

export type ExportFile = { filename: string; contentType: string; rowCount: number; body: Readable }

/**
 * enriched_/filtered_/selected_ + the original name, with the format's extension; a `fileLabel`
 * (the AI filter's `ai_search_<query>`) takes the prefix's place as `<label>_`.
 */
export function exportFilename(original: string, scope: CreateExportInput['scope'], format: ExportFormat, fileLabel?: string) {
  const base = original.replace(/\.[^.]+$/, '') || 'export'
  const prefix = fileLabel ? `${fileLabel}_` : EXPORT_FILE_PREFIX[scope]
  return `${prefix}${base}.${format}`
}

/**
 * Original and added columns first, AI columns after, each group in the grid's order. Every scope
 * takes the grid's visible columns when the grid names them (hidden ones are left out, as the
 * Export menu says); without a list every column goes, in position order.
 */
async function exportColumnsOf(uploadId: string, requested: string[] | undefined): Promise<ExportColumn[]> {
  const all = await db
    .select({
      key: uploadColumns.key,
      name: uploadColumns.name,
      kind: uploadColumns.kind,
      type: uploadColumns.type,
      dateOrder: uploadColumns.dateOrder,
      dateOrderBasis: uploadColumns.dateOrderBasis,
    })
    .from(uploadColumns)
    .where(eq(uploadColumns.uploadId, uploadId))
    .orderBy(asc(uploadColumns.position))
  const byKey = new Map(
    all.map(({ dateOrder, dateOrderBasis, ...column }) => [
      column.key,
      { ...column, dates: { order: dateOrder, isSure: dateOrderBasis === 'values' || dateOrderBasis === 'user' } },
    ]),
  )
  const chosen = requested ? requested.flatMap((key) => byKey.get(key) ?? []) : [...byKey.values()]
  return [...chosen.filter((column) => column.kind !== 'ai'), ...chosen.filter((column) => column.kind === 'ai')]
}

export async function createExport({
  userId,
  uploadId,
  format,
  scope,
  view,
  rowIndexes,
  columns: requestedColumns,
  bom,
  aiDetails,
  fileLabel,
}: { userId: string; uploadId: string } & CreateExportRequest): Promise<ExportFile> {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const { columns, detailFields } = await planAiExport(upload.id, await exportColumnsOf(upload.id, requestedColumns), aiDetails)
  const selected = scope === 'selected' ? [...new Set(rowIndexes ?? [])].sort((a, b) => a - b) : undefined
  const effectiveView: RowView = scope === 'view' && view ? view : { filters: [] }

  const pages = selected ? pagesOf(selected) : viewRowIndexPages({ source: upload, view: effectiveView, pageSize: EXPORT_PAGE_ROWS })
  const rows = rowsOfPages(upload.id, pages, detailFields)
  let body: Readable
  // The database writes a whole view's CSV itself; AI details are joined in per page by Node.
  if (format === 'csv' && driver.kind === 'pg' && !selected && detailFields.length === 0) {
    body = await copyCsv({ source: upload, view: effectiveView, columns, bom })
  } else if (format === 'csv') {
    body = Readable.from(utf8(csvChunks(columns, rows, bom)))
  } else if (format === 'json') {
    body = Readable.from(utf8(jsonChunks(columns, rows)))
  } else {
    body = xlsxStream(columns, rows, upload.filename)
  }

  const rowCount = selected ? selected.length : await countViewRows({ source: upload, view: effectiveView })
  await db.insert(exports).values({ userId, uploadId: upload.id, format, scope, rowCount })
  logger.info({ event: 'exports.created', uploadId: upload.id, format, scope, rowCount })
  return { filename: exportFilename(upload.filename, scope, format, fileLabel), contentType: CONTENT_TYPES[format], rowCount, body }
}

async function* pagesOf(indexes: number[]): AsyncGenerator<number[]> {
  for (let at = 0; at < indexes.length; at += EXPORT_PAGE_ROWS) yield indexes.slice(at, at + EXPORT_PAGE_ROWS)
}

async function* rowsOfPages(uploadId: string, pages: AsyncGenerator<number[]>, detailFields: Parameters<typeof withAiDetails>[1]) {
  for await (const indexes of pages) {
    for (const row of await withAiDetails(await rowsByIndex(uploadId, indexes), detailFields)) yield row.values
  }
}

/** Web streams take bytes, not strings. */
async function* utf8(chunks: AsyncGenerator<string>) {
  for await (const chunk of chunks) yield Buffer.from(chunk, 'utf8')
}

async function* csvChunks(columns: ExportColumn[], rows: AsyncGenerator<Record<string, string>>, bom: boolean) {
  yield (bom ? '\uFEFF' : '') + csvLine(columns.map((column) => column.name))
  let chunk = ''
  for await (const values of rows) {
    chunk += csvLine(columns.map((column) => values[column.key] ?? ''))
    if (chunk.length > 64 * 1024) {
      yield chunk
      chunk = ''
    }
  }
  if (chunk) yield chunk
}

async function* jsonChunks(columns: ExportColumn[], rows: AsyncGenerator<Record<string, string>>) {
  yield '['
  let isFirst = true
  let chunk = ''
  for await (const values of rows) {
    const record: Record<string, unknown> = {}
    for (const column of columns) {
      const text = values[column.key] ?? ''
      record[column.name] = column.isJsonObject ? jsonObjectCell(text) : jsonCell(column.type, text, column.dates)
    }
    chunk += `${isFirst ? '\n' : ',\n'}${JSON.stringify(record)}`
    isFirst = false
    if (chunk.length > 64 * 1024) {
      yield chunk
      chunk = ''
    }
  }
  yield `${chunk}${isFirst ? ']' : '\n]'}\n`
}

/**
 * ExcelJS's streaming writer: rows are committed as they come. Typed columns give numbers, dates
 * and booleans; every other cell is a text cell, never a formula.
 */
function xlsxStream(columns: ExportColumn[], rows: AsyncGenerator<Record<string, string>>, sheetTitle: string): Readable {
  const out = new PassThrough()
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true })
  const name = sheetTitle.replace(/\.[^.]+$/, '').replace(/[\\/?*[\]:]/g, ' ').slice(0, 31).trim() || 'Sheet1'
  const sheet = workbook.addWorksheet(name)
  void (async () => {
    sheet.addRow(columns.map((column) => column.name)).commit()
    for await (const values of rows) {
      const row = sheet.addRow(columns.map((column) => typedCell(column.type, values[column.key] ?? '', column.dates)))
      for (const [index, column] of columns.entries()) {
        if (column.type === 'date' && row.getCell(index + 1).value instanceof Date) row.getCell(index + 1).numFmt = XLSX_DATE_FORMAT
      }
      row.commit()
    }
    sheet.commit()
    await workbook.commit()
  })().catch((error: unknown) => {
    logger.error({ event: 'exports.xlsx.failed', err: error })
    out.destroy(error as Error)
  })
  return out
}

/**
 * On PostgreSQL a CSV of a whole view is written by the database itself (COPY ... TO STDOUT in
 * CSV format); Node adds the BOM, escapes formulas and turns record ends into CRLF.
 */
async function copyCsv({
  source,
  view,
  columns,
  bom,
}: {
  source: RowSource
  view: RowView
  columns: ExportColumn[]
  bom: boolean
}): Promise<Readable> {
  const { records: copy, cancel } = await copyViewCsv({ source, view, keys: columns.map((column) => column.key) })
  const header = csvLine(columns.map((column) => column.name))
  const safe = formulaSafeCsvRecords()
  const out = new PassThrough()
  out.write((bom ? '\uFEFF' : '') + header)
  // The database sends a message a row; they are passed on in chunks of about 64 KB.
  let pending: Buffer[] = []
  let pendingBytes = 0
  const flush = () => {
    const chunk = safe.push(pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes))
    pending = []
    pendingBytes = 0
    return out.write(chunk)
  }
  copy.on('data', (chunk: Buffer) => {
    pending.push(chunk)
    pendingBytes += chunk.length
    if (pendingBytes < EXPORT_CHUNK_BYTES) return
    if (!flush()) {
      copy.pause()
      out.once('drain', () => copy.resume())
    }
  })
  copy.on('end', () => {
    if (pendingBytes > 0) flush()
    out.end(safe.end())
  })
  copy.on('error', (error: Error) => out.destroy(error))
  out.on('close', cancel)
  return out
}
