import { UPLOAD_MESSAGES } from '#common/messages'
import type { DataQualityIssue } from '#common/schemas/uploads'

/**
 * Why a record was not imported as it stood. Stored in the upload's data_quality_issues and shown
 * with underscores as spaces (spec 001 §3), so the names read as plain words.
 */
export type IssueReason =
  | 'too_few_columns'
  | 'too_many_columns'
  | 'extra_empty_columns'
  | 'unterminated_quote'
  | 'stray_quote'
  | 'whole_row_quoted'
  | 'second_table'
  | 'repeated_header'

/**
 * A record the reader could not take as it was: the stored `DataQualityIssue` (spec 001 §3), with
 * the reason narrowed and, for a skipped record, its raw cells so the user can download them.
 */
export type RecordIssue = Omit<DataQualityIssue, 'reason'> & {
  reason: IssueReason
  values?: string[]
}

export type FatalErrorCode = 'EMPTY_FILE' | 'BINARY_FILE' | 'UNTERMINATED_QUOTE' | 'RECORD_TOO_LONG' | 'TOO_MANY_COLUMNS'

export type FatalError = { code: FatalErrorCode; message: string }

/** The user-facing wording lives with the product's other texts (CONVENTIONS §11). */
export function fatalError(code: 'EMPTY_FILE' | 'BINARY_FILE'): FatalError {
  return { code, message: code === 'EMPTY_FILE' ? UPLOAD_MESSAGES.emptyFile : UPLOAD_MESSAGES.binaryFile }
}

/** The summary keeps the first issues with their values; the count says how many there were. */
export const MAX_SUMMARY_ISSUES = 1000
