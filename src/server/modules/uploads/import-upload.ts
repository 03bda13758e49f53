import { createWriteStream, type WriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { once } from 'node:events'
import { and, eq } from 'drizzle-orm'
import { storableText } from '#common/input-bounds'
import { UPLOAD } from '#common/constants'
import { IMPORT_RECOVERY_MESSAGES } from '#common/messages'
import type { DataQualityIssue, QualityMetrics } from '#common/schemas/uploads'
import { db, driver } from '#server/db/client'
import { csvUploads } from '#server/db/schema/index'
import { csvLine } from '#server/platform/csv-cells'
import { AppError } from '#server/platform/app-error'
import { publish } from '#server/platform/events'
import { logger } from '#server/platform/logger'
import type { RecordIssue } from './lib/import-report.ts'
import { setColumnTypes } from './column-types.ts'
import { readWorkbookRows } from './lib/read-xlsx.ts'
import { encodeRows, type EncodedRows, sourceColumnKey } from '#server/modules/row-storage/copy-binary'
import { readCsvInWorker } from './read-in-worker.ts'
import { analyzeDuplicateLabels, refreshDuplicateLabels, writesLabelsAtImport } from '#server/modules/row-storage/duplicate-labels'
import { refreshDuplicateLabelsLater } from './duplicate-labels.jobs.ts'
import { RowFacts, type RowFactsSummary } from '#server/modules/row-storage/row-facts'
import { dateColumnsOf } from './lib/infer-column-types.ts'
import { buildSortIndexes } from '#server/modules/row-storage/grid-indexes'
import { addSourceColumns, deleteAllColumns } from '#server/modules/row-storage/column-store'
import { isCancelledBuild } from '#server/modules/row-storage/index-builds'
import { buildSearchIndex, dropUploadRows, openRowWriter, storesSearchText, type RowWriter } from '#server/modules/row-storage/row-writer'
import { progressEventOf } from './upload-progress.ts'
import { skippedRowsPath } from '#server/platform/storage'
import { recordWebhookEvent } from '#server/modules/webhooks/webhooks.service'

const PROGRESS_EVERY_MS = 250

/** Issues are stored without the skipped values; those go to the downloadable skipped-rows file. */
const storedIssue = ({ row, action, expected_columns, actual_columns, reason }: RecordIssue): DataQualityIssue => ({
  row,
  action,
  expected_columns,
  actual_columns,
  reason,
})

/**
 * Writes skipped records (with their line numbers) as CSV the user can download and fix, with the
 * exports' formula escaping: the file is opened in a spreadsheet like any export.
 */
function openSkippedRowsFile(path: string) {
  let stream: WriteStream | undefined
  let hasRows = false
  return {
    async add(header: string[], issues: RecordIssue[]) {
      const skipped = issues.filter((issue) => issue.action === 'skipped' && issue.values)
      if (skipped.length === 0) return
      if (!stream) {
        stream = createWriteStream(path)
        stream.write(`\uFEFF${csvLine(['Line', ...header])}`)
      }
      hasRows = true
      const ok = stream.write(skipped.map((issue) => csvLine([String(issue.row), ...(issue.values ?? [])])).join(''))
      if (!ok) await once(stream, 'drain')
    },
    async close() {
      if (!stream) return hasRows
      stream.end()
      await once(stream, 'finish')
      return hasRows
    },
  }
}

/** Keeps upload_columns in step with the header; a wider spreadsheet row adds columns. */
async function syncColumns(uploadId: string, header: string[], known: number) {
  if (header.length <= known) return known
  await addSourceColumns(
    uploadId,
    header.slice(known).map((name, i) => ({ key: sourceColumnKey(known + i), name: storableText(name), position: known + i })),
  )
  return header.length
}

/**
 * The import job's work, safe to run again: it starts from an empty partition and fresh columns
 * each time, and does nothing for an upload that is not waiting to be imported.
 */
/**
 * `labelsNow`: the command-line import, which has no job queue, writes the labels before it ends
 * instead of leaving them to the labels job.
 */
export async function importUpload({ uploadId, labelsNow = false }: { uploadId: string; labelsNow?: boolean }) {
  const [upload] = await db.select().from(csvUploads).where(eq(csvUploads.id, uploadId))
  if (!upload || upload.status !== 'processing') return

  const started = performance.now()
  let writer: RowWriter | undefined
  const skippedFile = openSkippedRowsFile(skippedRowsPath(upload))
  let processedRows = 0
  let skippedRows = 0
  let bytesRead = 0
  let lastProgressAt = 0
  let completed: typeof upload

  const emitProgress = async (force = false) => {
    const now = performance.now()
    if (!force && now - lastProgressAt < PROGRESS_EVERY_MS) return
    lastProgressAt = now
    await db.update(csvUploads).set({ processedRows, skippedRows, bytesRead }).where(eq(csvUploads.id, uploadId))
    // Until the import ends, every row read so far counts as valid.
    const current = { ...upload, status: 'processing' as const, processedRows, validRows: processedRows, skippedRows, bytesRead, errorMessage: null }
    await publish(upload.userId, progressEventOf(current))
  }

  const batchSize = driver.kind === 'pglite' ? UPLOAD.pgliteBatchSize : UPLOAD.batchSize
  try {
    await deleteAllColumns(uploadId)
    writer = await openRowWriter({ uploadId })
    let knownColumns = 0
    const takeBatch = async (header: string[], rows: EncodedRows, labels: EncodedRows | null, issues: RecordIssue[], readBytes?: number) => {
      knownColumns = await syncColumns(uploadId, header, knownColumns)
      await writer!.write(rows, labels)
      await skippedFile.add(header, issues)
      processedRows += rows.count
      skippedRows += issues.filter((issue) => issue.action === 'skipped').length
      if (readBytes !== undefined) bytesRead = readBytes
      await emitProgress()
    }

    const plan = upload.plan
    let result: { header: string[]; metrics: QualityMetrics; issues: DataQualityIssue[]; facts: RowFactsSummary; fatal?: string; fastRows?: number }
    if (plan.kind === 'csv') {
      const summary = await readCsvInWorker({
        uploadId,
        path: upload.storagePath,
        sniff: plan.sniff,
        headerRow: plan.headerRow,
        batchSize,
        withSearchText: storesSearchText(),
        withLabels: writesLabelsAtImport(),
        onBatch: (batch) => takeBatch(batch.header, batch.rows, batch.labels, batch.issues, batch.bytesRead),
      })
      result = {
        header: summary.header,
        facts: summary.facts,
        fatal: summary.fatalError?.message,
        fastRows: summary.fastRows,
        issues: summary.issues.map(storedIssue),
        metrics: {
          totalRecords: summary.totalRecords,
          validRows: summary.validRows,
          paddedRows: summary.paddedRows,
          skippedRows: summary.skippedRows,
          blankLines: summary.blankLines,
          commentLines: summary.commentLines,
          nonEmptyCells: summary.nonEmptyCells,
          totalCells: summary.totalCells,
          issueCount: summary.issueCount,
          encoding: summary.encoding,
          delimiter: plan.sniff.singleColumn ? null : plan.sniff.delimiter,
          hasHeader: plan.headerRow !== null,
          headerRow: plan.headerRow,
          warnings: summary.warnings,
        },
      }
    } else {
      const facts = new RowFacts(uploadId, { dateColumnsOf, withLabels: writesLabelsAtImport() })
      const summary = await readWorkbookRows(upload.storagePath, {
        workbook: plan.workbook,
        sheet: plan.sheet,
        headerRow: plan.headerRow,
        batchSize,
        onBatch: (batch) => {
          const rows = encodeRows(batch.rows, storesSearchText())
          return takeBatch(batch.header, rows, facts.take(batch.header, rows), [])
        },
      })
      result = {
        header: summary.header,
        facts: facts.summary(),
        issues: [],
        metrics: {
          totalRecords: summary.totalRecords,
          validRows: summary.validRows,
          paddedRows: 0,
          skippedRows: 0,
          blankLines: summary.blankLines,
          commentLines: 0,
          nonEmptyCells: summary.nonEmptyCells,
          totalCells: summary.totalCells,
          issueCount: 0,
          encoding: 'xlsx',
          delimiter: null,
          hasHeader: plan.headerRow !== null,
          headerRow: plan.headerRow,
        },
      }
    }
    if (result.fatal) throw new ImportRefusedError(result.fatal)

    const loaded = performance.now()
    await syncColumns(uploadId, result.header, knownColumns)
    await writer.finish()
    const attached = performance.now()
    const dateWarnings = await setColumnTypes(uploadId, {
      delimiter: result.metrics.delimiter,
      localeDateOrder: plan.localeDateOrder,
      firstRows: result.facts.firstRows,
      dateEvidence: result.facts.dateEvidence,
    })
    if (dateWarnings.length > 0) result.metrics.warnings = [...(result.metrics.warnings ?? []), ...dateWarnings]
    const hasSkippedFile = await skippedFile.close()
    if (!hasSkippedFile) await rm(skippedRowsPath(upload), { force: true })

    // Rows repeating others make every count on the file too high: the quality report says so,
    // from the figures counted while the rows streamed (issue 42: no scan after the COPY).
    const metrics = { ...result.metrics, duplicates: result.facts.duplicates }
    const completeness = metrics.totalCells > 0 ? Math.round((metrics.nonEmptyCells / metrics.totalCells) * 1000) / 10 : 0
    // The commit point: the upload is completed with its webhook event, or neither.
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(csvUploads)
        .set({
          status: 'completed',
          // Every data record counts: imported (valid, padded included) plus skipped.
          totalRows: metrics.validRows + metrics.skippedRows,
          processedRows: metrics.validRows + metrics.skippedRows,
          validRows: metrics.validRows,
          skippedRows: metrics.skippedRows,
          dataCompletenessScore: completeness,
          dataQualityIssues: result.issues,
          qualityMetrics: metrics,
          // The duplicate groups are counted after the import, by the labels job (duplicate-figures.ts).
          duplicateGroups: null,
          errorMessage: null,
          updatedAt: new Date(),
        })
        .where(eq(csvUploads.id, uploadId))
        .returning()
      if (row) await recordWebhookEvent(tx, { userId: row.userId, type: 'upload.completed', data: uploadEventData(row) })
      // Where the import did not COPY the labels (PGlite), the labels job writes them in slices.
      if (row && !labelsNow && !writesLabelsAtImport() && metrics.duplicates.columns.length > 0) await refreshDuplicateLabelsLater(tx, uploadId)
      return row
    })
    if (!done) {
      // The file was deleted while it was importing: its rows go too.
      await dropUploadRows(uploadId)
      return
    }
    if (labelsNow && !writesLabelsAtImport() && metrics.duplicates.columns.length > 0) await refreshDuplicateLabels(uploadId)
    completed = done
    // Magic Chat's answers count repeats from the duplicate labels COPYed beside the rows; the
    // plans' join needs their statistics (a sample of the table, not a scan of the file).
    if (writesLabelsAtImport() && result.facts.duplicates.columns.length > 0) await analyzeDuplicateLabels()
    logger.info({
      event: 'uploads.import.done',
      uploadId,
      rows: metrics.validRows,
      fastRows: result.fastRows,
      ms: Math.round(performance.now() - started),
      // Reading and COPY, then the primary key and attach: where an import's time goes.
      loadMs: Math.round(loaded - started),
      attachMs: Math.round(attached - loaded),
    })
  } catch (error) {
    await writer?.abort().catch(() => {})
    await skippedFile.close().catch(() => {})
    // A refusal with a reason for the user (a bad file, a limit) is told as it is.
    const isRefused = error instanceof ImportRefusedError || error instanceof AppError
    const message =
      isRefused
        ? error.message
        : 'We could not import this file because of an error on our side. Please try again; if it keeps failing, contact support.'
    if (!isRefused) logger.error({ event: 'uploads.import.failed', uploadId, err: error })
    // Failing here (the database is down) fails the job: pg-boss tries the import again.
    const failed = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(csvUploads)
        .set({ status: 'failed', errorMessage: message, updatedAt: new Date() })
        .where(eq(csvUploads.id, uploadId))
        .returning()
      if (row) await recordWebhookEvent(tx, { userId: row.userId, type: 'upload.failed', data: uploadEventData(row) })
      return row
    })
    if (failed) await publishAfterCommit(failed)
    return
  }
  await publishAfterCommit(completed)

  // The rows are usable now; the search and sort indexes follow without holding up the user.
  try {
    await buildSearchIndex(uploadId)
    await buildSortIndexes(uploadId, processedRows)
  } catch (error) {
    // A build cancelled on purpose (the file deleted meanwhile, a newer build) is expected.
    if (isCancelledBuild(error)) logger.info({ event: 'uploads.grid_indexes.cancelled', uploadId })
    else logger.error({ event: 'uploads.grid_indexes.failed', uploadId, err: error })
  }
}

/**
 * After the commit point, what follows is told live and may fail without changing what happened:
 * the webhook event went out with the state change, and the progress stream's snapshot has it.
 */
async function publishAfterCommit(upload: typeof csvUploads.$inferSelect) {
  await publish(upload.userId, progressEventOf(upload)).catch((error: unknown) =>
    logger.warn({ event: 'uploads.progress_publish_failed', uploadId: upload.id, err: error }),
  )
}

/** Every attempt of an import was cut short by a stopped process: the upload fails, its rows go. */
export async function failAbandonedImport({ uploadId }: { uploadId: string }) {
  const failed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(csvUploads)
      .set({ status: 'failed', errorMessage: IMPORT_RECOVERY_MESSAGES.abandoned, updatedAt: new Date() })
      .where(and(eq(csvUploads.id, uploadId), eq(csvUploads.status, 'processing')))
      .returning()
    if (row) await recordWebhookEvent(tx, { userId: row.userId, type: 'upload.failed', data: uploadEventData(row) })
    return row
  })
  if (!failed) return
  await dropUploadRows(uploadId)
  await publishAfterCommit(failed)
}

/** The `data` of `upload.completed` and `upload.failed` webhooks. */
function uploadEventData(upload: typeof csvUploads.$inferSelect) {
  return {
    upload_id: upload.id,
    filename: upload.filename,
    status: upload.status,
    total_rows: upload.totalRows,
    valid_rows: upload.validRows,
    skipped_rows: upload.skippedRows,
    error_message: upload.errorMessage,
  }
}

class ImportRefusedError extends Error {}
