import { UPLOAD_MESSAGES } from '#common/messages'
import type { HeaderPreview } from '#common/schemas/uploads'

/**
 * The upload dialog's states (001 §4): idle, uploading, (header confirmation), processing, then
 * complete or error. Shared by every surface that uploads through `useUploadFlow`.
 */
export type UploadFlowState =
  | { phase: 'idle' }
  | { phase: 'uploading'; fileName: string; loadedBytes: number; totalBytes: number }
  | {
      phase: 'confirming'
      fileName: string
      uploadId: string
      preview: HeaderPreview
      isSubmitting: boolean
    }
  | {
      phase: 'processing'
      fileName: string
      uploadId: string
      processedRows: number
      totalRows: number | null
      percent: number
    }
  | {
      phase: 'complete'
      fileName: string
      uploadId: string
      totalRows: number | null
      validRows: number
      skippedRows: number
    }
  /** `title` replaces 'Upload failed' for a file refused before anything was sent (its type, size or emptiness). */
  | { phase: 'error'; fileName: string | null; message: string; title?: string }

export type UploadFlowPhase = UploadFlowState['phase']

export function isFlowBusy(state: UploadFlowState): boolean {
  return state.phase === 'uploading' || state.phase === 'processing' || state.phase === 'confirming'
}

/** The status line under the drop zone. */
export function describeFlowStatus(state: UploadFlowState): string {
  switch (state.phase) {
    case 'idle':
    case 'confirming':
      return UPLOAD_MESSAGES.statusReady
    case 'uploading':
      // The sample import sends no bytes: no percentage to show.
      return state.totalBytes > 0
        ? `${UPLOAD_MESSAGES.statusUploading} ${flowPercent(state)}%`
        : UPLOAD_MESSAGES.statusUploading
    case 'processing':
      return state.processedRows > 0
        ? UPLOAD_MESSAGES.statusRows(state.processedRows, state.totalRows)
        : UPLOAD_MESSAGES.statusProcessing
    case 'complete':
      return UPLOAD_MESSAGES.statusComplete
    case 'error':
      return state.title ?? UPLOAD_MESSAGES.statusFailed
  }
}

/** The progress bar: bytes sent while uploading, rows (or bytes read) while processing. */
export function flowPercent(state: UploadFlowState): number {
  switch (state.phase) {
    case 'uploading':
      return state.totalBytes > 0 ? Math.min(100, Math.round((state.loadedBytes / state.totalBytes) * 100)) : 0
    case 'processing':
      return Math.round(state.percent)
    case 'complete':
      return 100
    default:
      return 0
  }
}
