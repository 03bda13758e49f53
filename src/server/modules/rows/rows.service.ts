import { and, eq, sql } from 'drizzle-orm'
import { cellValueError, parseBoolean } from '#common/cell-values'
import { COLUMN_MESSAGES } from '#common/messages'
import type {
  DeleteRowsResult,
  GridRow,
  RowKeyBy,
  RowLocation,
  RowsPage,
  RowView,
  UpdateCellInput,
} from '#common/schemas/rows'
import { toPage } from '#common/schemas/list'
import type { ColumnType } from '#common/schemas/uploads'
import { db, type Database } from '#server/db/client'
import { csvUploads, uploadColumns } from '#server/db/schema/index'
import { AppError } from '#server/platform/app-error'
import { readGridPage, rowsByIndex } from '#server/modules/row-storage/row-reader'
import { refreshFormulaValues } from '#server/modules/columns/formula-columns'
import { deleteRowsByIndex } from '#server/modules/row-storage/row-delete'
import { filledCellsOf, reportCellsPerRow } from '#server/modules/row-storage/filled-cells'
import { reportFiguresSet } from '#server/modules/uploads/report-figures'
import { updateRowCell } from '#server/modules/row-storage/row-cells'
import { identifierKindOf } from '#common/schemas/duplicates'
import type { QueueTransaction } from '#server/platform/queue'
import { refreshDuplicateLabelsLater } from '#server/modules/uploads/duplicate-labels.jobs'
import { duplicateFiguresAfter, duplicateFiguresBefore } from '#server/modules/uploads/duplicate-figures'
import { staleCellsOfChanges } from '#server/modules/row-storage/ai-values'
import { announceAutoRuns, announceStaleCells, queueAutoRuns } from '#server/modules/enrichment/auto-runs'
import { announceCorrection, correctionTargetOrThrow, writeCorrection } from '#server/modules/enrichment/corrections.service'
import { locateRowIndex } from '#server/modules/row-storage/row-locate'
import { getReadableUploadOrThrow, getUploadOrThrow } from '#server/modules/uploads/uploads.service'

export async function listRows({
  userId,
  uploadId,
  page,
  perPage,
  keyBy = 'key',
  ...view
}: { userId: string; uploadId: string; page: number; perPage: number; keyBy?: RowKeyBy } & RowView): Promise<RowsPage> {
  const upload = await getUploadOrThrow({ userId, uploadId })
  if (upload.status !== 'completed') return { ...toPage([], { count: 0, page, perPage }), isCountExact: true }
  const { rows, count, isCountExact, columns } = await readGridPage({ source: upload, view, page, perPage })
  const data = keyBy === 'name' ? keyedByName(rows, columns) : rows
  return { ...toPage(data, { count, page, perPage }), isCountExact }
}

/** A script's reading of the rows: values under the columns' names, every column present. */
function keyedByName(rows: GridRow[], columns: Array<{ key: string; name: string }>): GridRow[] {
  return rows.map((row) => ({
    rowIndex: row.rowIndex,
    values: Object.fromEntries(columns.map((column) => [column.name, row.values[column.key] ?? ''])),
  }))
}

export async function locateRow({
  userId,
  uploadId,
  rowIndex,
  perPage,
}: {
  userId: string
  uploadId: string
  rowIndex: number
  perPage: number
}): Promise<RowLocation> {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const { before, found } = await locateRowIndex({ uploadId: upload.id, rowIndex })
  return { rowIndex, page: Math.floor(before / perPage) + 1, found }
}

export async function deleteRows({
  userId,
  uploadId,
  rowIndexes,
}: {
  userId: string
  uploadId: string
  rowIndexes: number[]
}): Promise<DeleteRowsResult> {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  return db.transaction((tx) => removeRows(tx, { userId, uploadId: upload.id, rowIndexes }))
}

/**
 * Every deletion of rows: the rows and their AI cells go (row storage), and the upload's counts
 * follow, in the caller's transaction. The upload is the user's (checked by the caller).
 */
export async function removeRows(
  tx: Database | Parameters<Parameters<Database['transaction']>[0]>[0],
  { userId, uploadId, rowIndexes }: { userId: string; uploadId: string; rowIndexes: readonly number[] },
): Promise<DeleteRowsResult> {
  // The quality report's figures lose what the deleted rows held (read before they go).
  const duplicates = await duplicateFiguresBefore(tx as QueueTransaction, uploadId, rowIndexes)
  const filled = await filledCellsOf(tx, uploadId, rowIndexes)
  const deleted = await deleteRowsByIndex(tx, uploadId, rowIndexes)
  await duplicateFiguresAfter(tx as QueueTransaction, uploadId, duplicates, rowIndexes)
  const report = deleted > 0 ? reportFiguresSet({ records: -deleted, filled: -filled, cells: -deleted * (await reportCellsPerRow(tx, uploadId)) }) : {}
  // The labels of rows gone go too, and the duplicate figures follow (one job per upload).
  if (deleted > 0) await refreshDuplicateLabelsLater(tx as QueueTransaction, uploadId)
  const [updated] = await tx
    .update(csvUploads)
    .set({
      totalRows: sql`greatest(${csvUploads.totalRows} - ${deleted}, 0)`,
      processedRows: sql`greatest(${csvUploads.processedRows} - ${deleted}, 0)`,
      validRows: sql`greatest(${csvUploads.validRows} - ${deleted}, 0)`,
      ...report,
      updatedAt: new Date(),
    })
    .where(and(eq(csvUploads.id, uploadId), eq(csvUploads.userId, userId)))
    .returning({ totalRows: csvUploads.totalRows })
  return { deleted, totalRows: updated?.totalRows ?? 0 }
}

/** The text stored for a typed value: numbers and dates as typed, booleans as true/false. */
export function normaliseCellValue(type: ColumnType, name: string, raw: string): string {
  const value = raw.trim()
  if (value === '') return ''
  const error = cellValueError(type, name, value)
  if (error) throw new AppError('VALIDATION_FAILED', error)
  return type === 'boolean' ? String(parseBoolean(value)) : raw
}

export async function updateCell({
  userId,
  uploadId,
  rowIndex,
  column: key,
  value,
}: { userId: string; uploadId: string; rowIndex: number } & UpdateCellInput): Promise<GridRow> {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const [column] = await db
    .select()
    .from(uploadColumns)
    .where(and(eq(uploadColumns.uploadId, upload.id), eq(uploadColumns.key, key)))
  if (!column) throw new AppError('NOT_FOUND', 'This column no longer exists. Refresh the page and try again.')
  if (column.kind === 'formula') throw new AppError('VALIDATION_FAILED', COLUMN_MESSAGES.formulaCellsReadOnly(column.name))
  // An AI column's cell edited is a correction: kept, never run over, and taught to the column (decision 038).
  const corrected = column.kind === 'ai' ? await correctionTargetOrThrow({ userId, uploadId: upload.id, columnKey: key }) : null
  const stored = normaliseCellValue(column.type, column.name, value ?? '')
  // AI cells that read this column go stale, and auto-runs covering stale rows take them again.
  const { row, staleCells, autoRuns } = await db.transaction(async (tx) => {
    // (The corrected column's own cell is not among them: the correction writes it.)
    const staleCells = (await staleCellsOfChanges(tx, { uploadId: upload.id, changes: [{ rowIndex, values: { [key]: stored === '' ? null : stored } }] })).filter(
      (cell) => cell.fieldId !== corrected?.id,
    )
    // A cell of the file's own columns filled or emptied: the quality report's figures follow.
    const isCounted = column.kind === 'source'
    const filledBefore = isCounted ? await filledCellsOf(tx, upload.id, [rowIndex]) : 0
    // The duplicate figures count the cells people write (the file's own and manual columns), not
    // an AI column's correction (decision 038), which takes no lock on the upload.
    const duplicates = corrected ? null : await duplicateFiguresBefore(tx, upload.id, [rowIndex])
    const row = corrected ? await writeCorrection(tx, { field: corrected, rowIndex, stored }) : await updateRowCell({ uploadId: upload.id, rowIndex, key, value: stored }, tx)
    if (duplicates) await duplicateFiguresAfter(tx, upload.id, duplicates, [rowIndex])
    if (row && isCounted) {
      const filled = (await filledCellsOf(tx, upload.id, [rowIndex])) - filledBefore
      if (filled !== 0) await tx.update(csvUploads).set(reportFiguresSet({ records: 0, filled, cells: 0 })).where(eq(csvUploads.id, upload.id))
    }
    // An identifying cell changed: its row's duplicate label no longer holds (one job per upload).
    if (row && identifierKindOf(column.name)) await refreshDuplicateLabelsLater(tx, upload.id)
    const autoRuns = row ? await queueAutoRuns(tx, { uploadId: upload.id, addedRows: [], staleCells }) : []
    return { row, staleCells, autoRuns }
  })
  if (!row) throw new AppError('NOT_FOUND', 'This row no longer exists. Refresh the page and try again.')
  if (corrected) await announceCorrection(corrected, rowIndex, stored)
  await announceStaleCells(userId, upload.id, new Set(staleCells.map((cell) => cell.fieldId)))
  await announceAutoRuns(autoRuns)
  await db.update(csvUploads).set({ updatedAt: new Date() }).where(eq(csvUploads.id, upload.id))
  // The row's formula columns follow the edit; the answer shows their new values.
  if (!(await refreshFormulaValues({ uploadId: upload.id, rowIndexes: [rowIndex] }))) return row
  const [refreshed] = await rowsByIndex(upload.id, [rowIndex])
  return refreshed ?? row
}
