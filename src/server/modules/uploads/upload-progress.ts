import type { AppEvent, AppEventOf } from '#common/events'
import type { UploadProgress } from '#common/schemas/uploads'
import type { csvUploads } from '#server/db/schema/index'

type UploadRow = typeof csvUploads.$inferSelect

const isFinished = (status: UploadRow['status']) => status === 'completed' || status === 'failed'

/** The progress a polling client reads (000 §4's field names). */
export function progressOf(upload: UploadRow): UploadProgress {
  const done = upload.status === 'completed'
  const byBytes = upload.sizeBytes > 0 ? Math.floor((upload.bytesRead / upload.sizeBytes) * 100) : 0
  return {
    status: upload.status,
    processed_rows: upload.processedRows,
    total_rows: done ? upload.totalRows : null,
    progress_percentage: done ? 100 : Math.min(99, byBytes),
    error_message: upload.errorMessage,
    valid_rows: upload.validRows,
    skipped_rows: upload.skippedRows,
    data_quality_issues: upload.dataQualityIssues,
  }
}

/** The same progress as the event a streaming client receives; a finished import has read every byte. */
export function progressEventOf(upload: UploadRow): AppEventOf<'upload.progress'> {
  return {
    type: 'upload.progress',
    uploadId: upload.id,
    status: upload.status,
    processedRows: upload.processedRows,
    totalRows: upload.status === 'completed' ? upload.totalRows : null,
    bytesRead: isFinished(upload.status) ? upload.sizeBytes : upload.bytesRead,
    totalBytes: upload.sizeBytes,
    validRows: upload.validRows,
    skippedRows: upload.skippedRows,
    errorMessage: upload.errorMessage,
  }
}

/** Whether an event is an upload's last: after it the import writes no more progress. */
export const isFinalProgress = (event: AppEvent) => event.type === 'upload.progress' && isFinished(event.status)
