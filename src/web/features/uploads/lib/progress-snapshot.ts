import type { AppEventOf } from '#common/events'
import type { UploadProgress, UploadStatus } from '#common/schemas/uploads'

/** One reading of an import's progress, from the event stream or from the progress endpoint. */
export type ProgressSnapshot = {
  status: UploadStatus
  processedRows: number
  totalRows: number | null
  validRows: number
  skippedRows: number
  errorMessage: string | null
  /** 0..100 */
  percent: number
}

function clampPercent(value: number) {
  if (!Number.isFinite(value)) return 0
  return Math.min(100, Math.max(0, value))
}

/** Rows when the total is known; otherwise the share of the file read so far. */
export function snapshotFromEvent(event: AppEventOf<'upload.progress'>): ProgressSnapshot {
  const byRows = event.totalRows ? (event.processedRows / event.totalRows) * 100 : null
  const byBytes = event.totalBytes > 0 ? (event.bytesRead / event.totalBytes) * 100 : 0
  return {
    status: event.status,
    processedRows: event.processedRows,
    totalRows: event.totalRows,
    validRows: event.validRows,
    skippedRows: event.skippedRows,
    errorMessage: event.errorMessage,
    percent: event.status === 'completed' ? 100 : clampPercent(byRows ?? byBytes),
  }
}

export function snapshotFromProgress(progress: UploadProgress): ProgressSnapshot {
  return {
    status: progress.status,
    processedRows: progress.processed_rows,
    totalRows: progress.total_rows,
    validRows: progress.valid_rows,
    skippedRows: progress.skipped_rows,
    errorMessage: progress.error_message,
    percent: progress.status === 'completed' ? 100 : clampPercent(progress.progress_percentage),
  }
}
