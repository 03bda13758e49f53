import { randomUUID } from 'node:crypto'
import { copyFile, rename, rm, stat } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { and, asc, count, countDistinct, desc, eq, ilike, sql, type SQL } from 'drizzle-orm'
import { HEADER_CONFIDENCE, UPLOAD } from '#common/constants'
import { storableJson, storableText } from '#common/input-bounds'
import { IMPORT_RECOVERY_MESSAGES } from '#common/messages'
import type {
  ConfirmHeadersInput,
  DateOrder,
  HeaderPreview,
  UploadColumn,
  UploadDetail,
  UploadResponse,
  UploadListItem,
  UploadSummary,
} from '#common/schemas/uploads'
import type { ListUploadsQuery, WorkspaceSort } from '#common/schemas/folders'
import { FOLDER_MESSAGES } from '#common/messages'
import { formulaColumnsOf, formulaProblem } from '#common/formula/parse'
import { toPage } from '#common/schemas/list'
import { db } from '#server/db/client'
import { aiCells, aiFields, csvUploads, exports, folders, uploadColumns } from '#server/db/schema/index'
import { AppError } from '#server/platform/app-error'
import type { ReceivedFile } from '#server/platform/receive-file'
import { publish } from '#server/platform/events'
import { logger } from '#server/platform/logger'
import { likePattern } from '#server/platform/like-pattern'
import { incomingDir, removeUploadFiles, uploadDir } from '#server/platform/storage'
import { dropUploadRows } from '#server/modules/row-storage/row-writer'
import { sniffFile } from './lib/read-csv.ts'
import { assertWorkbookUnpacksWithinLimit } from './lib/read-xlsx.ts'
import type { ImportPlan } from './import-plan.ts'
import { UPLOAD_NOT_FOUND } from './upload-id-param.ts'
import { inspectWorkbookInWorker } from './inspect-in-worker.ts'
import { progressOf } from './upload-progress.ts'
import { isImportQueued, startImport } from './uploads.jobs.ts'
import { storedColumnsOf } from '#server/modules/row-storage/row-reader'
import { profileTable } from '#server/modules/row-storage/table-profile'

type UploadRow = typeof csvUploads.$inferSelect

const CSV_EXTENSIONS = new Set(['.csv', '.tsv', '.txt'])

export function fileKindOf(filename: string): 'csv' | 'xlsx' | null {
  const extension = extname(filename).toLowerCase()
  if (CSV_EXTENSIONS.has(extension)) return 'csv'
  if (extension === '.xlsx') return 'xlsx'
  return null
}

export async function getUploadOrThrow({ userId, uploadId }: { userId: string; uploadId: string }) {
  const [upload] = await db
    .select()
    .from(csvUploads)
    .where(and(eq(csvUploads.id, uploadId), eq(csvUploads.userId, userId)))
  if (!upload) throw new AppError('NOT_FOUND', UPLOAD_NOT_FOUND)
  return upload
}

/** An upload whose rows can be read: imported, not still loading. */
export async function getReadableUploadOrThrow({ userId, uploadId }: { userId: string; uploadId: string }) {
  const upload = await getUploadOrThrow({ userId, uploadId })
  if (upload.status !== 'completed') {
    throw new AppError('CONFLICT', 'This file is still being imported. Try again when it is done.')
  }
  return upload
}

function toSummary(upload: UploadRow): UploadSummary {
  return {
    id: upload.id,
    filename: upload.filename,
    status: upload.status,
    totalRows: upload.totalRows,
    processedRows: upload.processedRows,
    validRows: upload.validRows,
    skippedRows: upload.skippedRows,
    dataCompletenessScore: upload.dataCompletenessScore,
    errorMessage: upload.errorMessage,
    folderId: upload.folderId,
    sizeBytes: upload.sizeBytes,
    createdAt: upload.createdAt.toISOString(),
    updatedAt: upload.updatedAt.toISOString(),
  }
}

function previewOf(filename: string, plan: ImportPlan): HeaderPreview {
  if (plan.kind === 'xlsx') {
    const { workbook } = plan
    return {
      filename,
      detectedHeaderRow: workbook.headerRow,
      confidence: workbook.confidence,
      reasons: workbook.reasons,
      rows: workbook.preview.slice(0, Math.max(HEADER_CONFIDENCE.previewRows, workbook.headerRow + 1)),
      encoding: 'xlsx',
      delimiter: null,
      sheets: workbook.sheets,
      sheet: plan.sheet,
    }
  }
  const { sniff } = plan
  return {
    filename,
    detectedHeaderRow: sniff.headerRow,
    confidence: sniff.confidence,
    reasons: sniff.reasons,
    rows: sniff.preview.slice(0, Math.max(HEADER_CONFIDENCE.previewRows, sniff.headerRow + 1)),
    encoding: sniff.encoding,
    delimiter: sniff.singleColumn ? null : sniff.delimiter,
  }
}

/** Reads the first rows of a stored file and decides how to import it. */
async function inspectFile(path: string, kind: 'csv' | 'xlsx', sheet?: string): Promise<{ plan: ImportPlan; isConfident: boolean }> {
  if (kind === 'xlsx') {
    await assertWorkbookUnpacksWithinLimit(path)
    const workbook = await inspectWorkbookInWorker({ path, sheet })
    // With several sheets the user gets the header dialog, where the sheet picker lives.
    const isConfident =
      workbook.hasHeader &&
      workbook.confidence >= HEADER_CONFIDENCE.confident &&
      (workbook.sheets.length === 1 || sheet !== undefined)
    return { plan: { kind, sheet: workbook.sheet, workbook, headerRow: isConfident ? workbook.headerRow : null }, isConfident }
  }
  const sniff = await sniffFile(path)
  if (sniff.fatalError) throw new AppError('VALIDATION_FAILED', sniff.fatalError.message)
  const isConfident = sniff.hasHeader && sniff.confidence >= HEADER_CONFIDENCE.confident
  return { plan: { kind, sniff, headerRow: isConfident ? sniff.headerRow : null }, isConfident }
}

/**
 * Whether the service queues the import job. The CLI passes `queueImport: false` and runs
 * `importUpload` itself, in its own process, which has no workers.
 */
type ImportQueueing = { queueImport?: boolean }

/**
 * Takes a received file: checks its type, keeps it under the user's folder, sniffs it, and either
 * starts the import (confident header detection) or waits for the user's header choice.
 */
export async function createUpload({
  userId,
  file,
  sheet,
  localeDateOrder,
  queueImport = true,
}: { userId: string; file: ReceivedFile; sheet?: string; localeDateOrder?: DateOrder } & ImportQueueing): Promise<UploadResponse> {
  const kind = fileKindOf(file.filename)
  if (!kind) {
    await rm(file.path, { force: true })
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Please select a CSV file (.csv, .tsv or .txt) or an Excel workbook (.xlsx).')
  }
  const uploadId = randomUUID()
  const storagePath = join(uploadDir(userId, uploadId), `original${extname(file.filename).toLowerCase()}`)
  await rename(file.path, storagePath)

  let inspected
  try {
    inspected = await inspectFile(storagePath, kind, sheet)
  } catch (error) {
    await rm(join(storagePath, '..'), { recursive: true, force: true })
    throw error
  }
  // What the sniffer read of the file (header, sample rows) is stored as it will be imported: without NUL bytes.
  const sniffed = storableJson(inspected.plan)
  const { isConfident } = inspected
  const plan: ImportPlan = localeDateOrder ? { ...sniffed, localeDateOrder } : sniffed
  // Cut at 255 characters, where a cut may split an emoji's surrogate pair.
  const filename = storableText(file.filename.slice(0, 255))
  const preview = previewOf(filename, plan)
  await db.insert(csvUploads).values({
    id: uploadId,
    userId,
    filename,
    storagePath,
    sizeBytes: file.sizeBytes,
    status: isConfident ? 'processing' : 'awaiting_header',
    plan,
    preview,
  })
  if (isConfident && queueImport) await startImport(uploadId)
  await publish(userId, { type: 'workspace.changed', entity: 'file', id: uploadId })
  return {
    upload_id: uploadId,
    needs_header_confirmation: !isConfident,
    preview_data: preview,
    processing_in_background: isConfident,
    total_rows: null,
  }
}

export async function createSampleUpload({ userId }: { userId: string }) {
  const source = new URL(`../../../../content/${UPLOAD.sampleFileName}`, import.meta.url)
  const path = join(incomingDir(), `${randomUUID()}.part`)
  await copyFile(source, path)
  const { size } = await stat(path)
  return createUpload({ userId, file: { path, filename: UPLOAD.sampleFileName, mimeType: 'text/csv', sizeBytes: size, fields: {} } })
}

/** The user's answer in the header dialog; the file is already on the server, so no re-upload. */
export async function confirmHeaders({
  userId,
  uploadId,
  hasHeaders,
  headerRowIndex,
  queueImport = true,
}: { userId: string; uploadId: string } & ConfirmHeadersInput & ImportQueueing) {
  const upload = await getUploadOrThrow({ userId, uploadId })
  if (upload.status === 'processing' || upload.status === 'completed') {
    throw new AppError('CONFLICT', 'This file is already being imported.')
  }
  const plan = upload.plan
  const previewLength = plan.kind === 'csv' ? plan.sniff.preview.length : plan.workbook.preview.length
  if (hasHeaders && headerRowIndex >= previewLength) {
    throw new AppError('VALIDATION_FAILED', `Pick a header row between 1 and ${previewLength}.`)
  }
  const nextPlan: ImportPlan = { ...plan, headerRow: hasHeaders ? headerRowIndex : null }
  await db
    .update(csvUploads)
    .set({
      status: 'processing',
      plan: nextPlan,
      errorMessage: null,
      processedRows: 0,
      bytesRead: 0,
      updatedAt: new Date(),
    })
    .where(and(eq(csvUploads.id, uploadId), eq(csvUploads.userId, userId)))
  if (queueImport) await startImport(uploadId)
  return { upload_id: uploadId, processing_in_background: true as const }
}

const uploadOrder: Record<WorkspaceSort, SQL[]> = {
  updated_desc: [desc(csvUploads.updatedAt), desc(csvUploads.id)],
  updated_asc: [asc(csvUploads.updatedAt), asc(csvUploads.id)],
  created_desc: [desc(csvUploads.createdAt), desc(csvUploads.id)],
  created_asc: [asc(csvUploads.createdAt), asc(csvUploads.id)],
  name_asc: [asc(sql`lower(${csvUploads.filename})`), asc(csvUploads.id)],
  name_desc: [desc(sql`lower(${csvUploads.filename})`), desc(csvUploads.id)],
}

/** The user's files, one page, matched by name when `q` is given, each with its AI column count. */
export async function listUploads({ userId, page, perPage, q, sort = 'updated_desc' }: { userId: string } & Partial<ListUploadsQuery> & { page: number; perPage: number }) {
  const where = q ? and(eq(csvUploads.userId, userId), ilike(csvUploads.filename, likePattern(q))) : eq(csvUploads.userId, userId)
  const aiFieldCount = sql<number>`(SELECT count(*)::int FROM upload_columns ai WHERE ai.upload_id = csv_uploads.id AND ai.kind = 'ai')`
  const [rows, [total]] = await Promise.all([
    db
      .select({ upload: csvUploads, aiFieldCount })
      .from(csvUploads)
      .where(where)
      .orderBy(...uploadOrder[sort])
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(csvUploads).where(where),
  ])
  const data: UploadListItem[] = rows.map(({ upload, aiFieldCount: fields }) => ({ ...toSummary(upload), aiFieldCount: Number(fields) }))
  return toPage(data, { count: total?.value ?? 0, page, perPage })
}

/** Puts a file into one of the user's folders, or back at the root with `folderId: null`. */
export async function moveUpload({ userId, uploadId, folderId }: { userId: string; uploadId: string; folderId: string | null }) {
  await getUploadOrThrow({ userId, uploadId })
  if (folderId) {
    const [folder] = await db
      .select({ id: folders.id })
      .from(folders)
      .where(and(eq(folders.id, folderId), eq(folders.userId, userId)))
    if (!folder) throw new AppError('NOT_FOUND', FOLDER_MESSAGES.folderNotFound)
  }
  const [moved] = await db
    .update(csvUploads)
    .set({ folderId, updatedAt: new Date() })
    .where(and(eq(csvUploads.id, uploadId), eq(csvUploads.userId, userId)))
    .returning()
  await publish(userId, { type: 'workspace.changed', entity: 'file', id: uploadId })
  return toSummary(moved!)
}

/**
 * Deletes a file and everything made from it: its rows (the upload's partition), its columns and
 * AI fields and cells (they cascade from csv_uploads), its export records and the stored file.
 */
export async function deleteUpload({ userId, uploadId }: { userId: string; uploadId: string }) {
  const upload = await getUploadOrThrow({ userId, uploadId })
  await db.transaction(async (tx) => {
    await tx.delete(exports).where(and(eq(exports.uploadId, uploadId), eq(exports.userId, userId)))
    await tx.delete(csvUploads).where(and(eq(csvUploads.id, uploadId), eq(csvUploads.userId, userId)))
  })
  // The file is gone for the user already; rows a failed drop left are swept by the orphan job.
  await dropUploadRows(uploadId).catch((error: unknown) => logger.error({ event: 'uploads.delete.rows_failed', uploadId, err: error }))
  await removeUploadFiles(userId, uploadId)
  await publish(userId, { type: 'workspace.changed', entity: 'file', id: uploadId })
  return { id: upload.id, filename: upload.filename }
}

export const toColumn = ({ key, name, type, position, hidden, kind, width, dateOrder, dateOrderBasis, formula }: typeof uploadColumns.$inferSelect): UploadColumn => ({
  key,
  name,
  type,
  position,
  hidden,
  kind,
  width,
  dateOrder,
  dateOrderBasis,
  formula,
})

export async function listColumns(uploadId: string): Promise<UploadColumn[]> {
  const rows = await db
    .select()
    .from(uploadColumns)
    .where(eq(uploadColumns.uploadId, uploadId))
    .orderBy(asc(uploadColumns.position))
  // A formula column whose source column was deleted says so, with the place in its formula.
  const sources = formulaColumnsOf(rows)
  return rows.map((row) => {
    const column = toColumn(row)
    if (row.kind !== 'formula' || row.formula === null) return column
    return { ...column, formulaError: formulaProblem(row.formula, sources, { self: row.key }) }
  })
}

/** Rows with at least one AI value (the AI Enrichment card; spec defect: a fixed 0). */
async function countEnrichedRowsOf(uploadId: string) {
  const [row] = await db
    .select({ n: countDistinct(aiCells.rowIndex) })
    .from(aiCells)
    .where(and(eq(aiCells.uploadId, uploadId), eq(aiCells.status, 'done')))
  return Number(row?.n ?? 0)
}

/**
 * The file's AI columns (the AI Enrichment card): one per column a prompt, a request or a
 * waterfall fills, not counting the further columns one call also fills (an HTTP column's other
 * outputs, a JSON answer's fields).
 */
async function countAiColumnsOf(uploadId: string) {
  const [row] = await db.select({ n: count() }).from(aiFields).where(eq(aiFields.uploadId, uploadId))
  return Number(row?.n ?? 0)
}

export async function getUploadDetail({ userId, uploadId }: { userId: string; uploadId: string }): Promise<UploadDetail> {
  const upload = await getUploadOrThrow({ userId, uploadId })
  const columns = await listColumns(upload.id)
  return {
    ...toSummary(upload),
    columns,
    aiColumnCount: await countAiColumnsOf(upload.id),
    enrichedRows: await countEnrichedRowsOf(upload.id),
    dataQualityIssues: upload.dataQualityIssues,
    qualityMetrics: upload.qualityMetrics,
    preview: upload.preview,
  }
}

/**
 * A file as a model is told of it (the MCP's describe_file): its summary, its columns and, per
 * column, the figures Magic Chat's planner reads (filled counts, common values, ranges; row storage's
 * profile, exact over every row but for the sampled values).
 */
export async function describeUpload({ userId, uploadId }: { userId: string; uploadId: string }) {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const columns = await listColumns(upload.id)
  const profile = await profileTable(upload, await storedColumnsOf(upload.id))
  return { upload: toSummary(upload), columns, profile }
}

export async function renameUpload({ userId, uploadId, filename }: { userId: string; uploadId: string; filename: string }) {
  await getUploadOrThrow({ userId, uploadId })
  const [renamed] = await db
    .update(csvUploads)
    .set({ filename, updatedAt: new Date() })
    .where(and(eq(csvUploads.id, uploadId), eq(csvUploads.userId, userId)))
    .returning()
  await publish(userId, { type: 'workspace.changed', entity: 'file', id: uploadId })
  return toSummary(renamed!)
}

export async function getProgress({ userId, uploadId }: { userId: string; uploadId: string }) {
  return progressOf(await getUploadOrThrow({ userId, uploadId }))
}

/** An upload marked as importing with no import job left to do it: a stopped process's, given up. */
async function isStuck(upload: UploadRow) {
  return upload.status === 'processing' && !(await isImportQueued(upload.id))
}

/** Imports a failed or stuck upload again from its stored file, with the same header choice. */
export async function retryUpload({ userId, uploadId }: { userId: string; uploadId: string }) {
  const upload = await getUploadOrThrow({ userId, uploadId })
  if (upload.status === 'processing' && !(await isStuck(upload))) {
    throw new AppError('CONFLICT', IMPORT_RECOVERY_MESSAGES.stillImporting)
  }
  if (upload.status !== 'failed' && upload.status !== 'processing') throw new AppError('CONFLICT', IMPORT_RECOVERY_MESSAGES.notRetryable)
  const [retried] = await db
    .update(csvUploads)
    .set({ status: 'processing', errorMessage: null, processedRows: 0, skippedRows: 0, bytesRead: 0, updatedAt: new Date() })
    .where(and(eq(csvUploads.id, uploadId), eq(csvUploads.userId, userId), eq(csvUploads.status, upload.status)))
    .returning()
  if (!retried) throw new AppError('CONFLICT', IMPORT_RECOVERY_MESSAGES.stillImporting)
  await startImport(uploadId)
  return toSummary(retried)
}

