import { UPLOAD_MESSAGES } from '#common/messages'
import { errorMessage } from '#web/lib/api-client'
import type { UploadFileCheck } from './file-validation'
import { UploadProcessingError } from './upload-errors'

export type UploadFailureStage = 'upload' | 'headers' | 'processing'

export type ToastText = { title: string; description: string }

/** What the user is told when an upload fails, by stage (001 §8); a server message is shown as is. */
export function describeUploadFailure(stage: UploadFailureStage, error: unknown): ToastText {
  if (error instanceof UploadProcessingError) {
    if (error.kind === 'status-check') {
      return { title: UPLOAD_MESSAGES.processingErrorTitle, description: UPLOAD_MESSAGES.processingErrorBody }
    }
    return {
      title: UPLOAD_MESSAGES.processingFailedTitle,
      description: error.serverMessage || UPLOAD_MESSAGES.processingFailedBody,
    }
  }
  const serverMessage = errorMessage(error, null)
  if (stage === 'upload') {
    return { title: UPLOAD_MESSAGES.uploadFailedTitle, description: serverMessage || UPLOAD_MESSAGES.uploadFailedBody }
  }
  if (stage === 'headers') {
    return { title: UPLOAD_MESSAGES.processingFailedTitle, description: serverMessage || UPLOAD_MESSAGES.headerFlowFailed }
  }
  return { title: UPLOAD_MESSAGES.processingFailedTitle, description: serverMessage || UPLOAD_MESSAGES.processingFailedBody }
}

export type UploadSuccess = {
  fileName: string
  validRows: number
  skippedRows: number
  /** The import ran as a background job we followed (always, after a header confirmation). */
  inBackground: boolean
}

export function describeUploadSuccess({ fileName, validRows, skippedRows, inBackground }: UploadSuccess): ToastText {
  return {
    title: UPLOAD_MESSAGES.uploadSuccessTitle,
    description: inBackground
      ? UPLOAD_MESSAGES.processedBackground(validRows, skippedRows)
      : UPLOAD_MESSAGES.uploadSuccessBody(fileName),
  }
}

/** Where a file was refused decides the wording (001 §5, 000 §5). */
export type FilePickSurface = 'dialog' | 'page' | 'landing'

export function describeRejectedFile(
  check: Exclude<UploadFileCheck, { ok: true }>,
  surface: FilePickSurface,
): ToastText {
  if (check.reason === 'size') {
    return { title: UPLOAD_MESSAGES.tooLargeTitle, description: UPLOAD_MESSAGES.tooLarge(check.limitMb) }
  }
  if (check.reason === 'empty') {
    return { title: UPLOAD_MESSAGES.uploadFailedTitle, description: UPLOAD_MESSAGES.emptyFile }
  }
  if (surface === 'landing') {
    return { title: UPLOAD_MESSAGES.landingInvalidTitle, description: UPLOAD_MESSAGES.landingInvalidBody }
  }
  if (surface === 'page') {
    return { title: UPLOAD_MESSAGES.invalidTypeTitle, description: UPLOAD_MESSAGES.selectValidCsv }
  }
  return { title: UPLOAD_MESSAGES.invalidTypeTitle, description: UPLOAD_MESSAGES.invalidTypeBody }
}
