import { UPLOAD_MESSAGES } from '#common/messages'

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

/** A data quality issue (spec 001 §3); snake_case because it is stored and sent as is. */
export type DataQualityIssue = {
  /** 1-based physical line where the record starts. */
  row: number
  action: 'padded' | 'skipped' | 'other'
  expected_columns: number
  actual_columns: number
  reason: IssueReason
  /** The raw cells of a skipped record, so the user can download what was left out. */
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
