import { z } from 'zod'
import type { DuplicateFigures } from './duplicates.ts'

export const uploadStatusSchema = z.enum(['awaiting_header', 'processing', 'completed', 'failed'])
export type UploadStatus = z.infer<typeof uploadStatusSchema>

export const columnTypeSchema = z.enum(['text', 'number', 'date', 'boolean'])
export type ColumnType = z.infer<typeof columnTypeSchema>

export const columnKindSchema = z.enum(['source', 'manual', 'ai'])

/** How a date column's numeric dates read: 04/07/2024 is 4 July (dmy) or April 7 (mdy). */
export const dateOrderSchema = z.enum(['dmy', 'mdy'])
export type DateOrder = z.infer<typeof dateOrderSchema>

/**
 * What settled a date column's order: its own values (a first part over 12 or a second one), the
 * user's choice; or, where nothing in the column settles it, a guess from the file's other signs
 * (`;` delimiters, decimal commas, dotted dates) or the uploader's browser locale. A guess is not
 * sure: exports write a date it cannot tell apart (04/07/2024) as written.
 */
export const dateOrderBasisSchema = z.enum(['values', 'user', 'file', 'locale'])
export type DateOrderBasis = z.infer<typeof dateOrderBasisSchema>

export const updateDateOrderSchema = z.object({ order: dateOrderSchema })
export type UpdateDateOrderInput = z.infer<typeof updateDateOrderSchema>

export type UploadColumn = {
  key: string
  name: string
  type: ColumnType
  position: number
  hidden: boolean
  kind: z.infer<typeof columnKindSchema>
  /** Pixels, when the user resized the column. */
  width: number | null
  /** A date column with day/month dates: how they read, and what decided it. Null otherwise. */
  dateOrder: DateOrder | null
  dateOrderBasis: DateOrderBasis | null
}

/** One row the importer could not take as it was (spec 001 §3 "Data quality issue"). */
export type DataQualityIssue = {
  row: number
  action: 'skipped' | 'padded' | 'other'
  expected_columns: number
  actual_columns: number
  reason: string
}

/** What the sniffer found (spec 001 §3 "Header preview", plus the dialect). */
export type HeaderPreview = {
  filename: string
  detectedHeaderRow: number
  confidence: number
  reasons: string[]
  rows: string[][]
  encoding: string
  delimiter: string | null
  sheets?: string[]
  sheet?: string
}

export type UploadSummary = {
  id: string
  filename: string
  status: UploadStatus
  totalRows: number
  processedRows: number
  validRows: number
  skippedRows: number
  dataCompletenessScore: number | null
  errorMessage: string | null
  folderId: string | null
  sizeBytes: number
  createdAt: string
  updatedAt: string
}

/** A file in File Storage's list: its summary and how many AI columns it has. */
export type UploadListItem = UploadSummary & { aiFieldCount: number }

export type UploadDetail = UploadSummary & {
  columns: UploadColumn[]
  /** AI columns of this upload, and rows with at least one AI value (spec's card, made real). */
  aiColumnCount: number
  enrichedRows: number
  dataQualityIssues: DataQualityIssue[]
  qualityMetrics: QualityMetrics | null
  preview: HeaderPreview | null
}

/** How many records of a file went where, as the reader counted them. */
export type RowCounts = {
  totalRecords: number
  validRows: number
  paddedRows: number
  skippedRows: number
  blankLines: number
  commentLines: number
  nonEmptyCells: number
  totalCells: number
}

export type QualityMetrics = RowCounts & {
  issueCount: number
  encoding: string
  delimiter: string | null
  hasHeader: boolean
  headerRow: number | null
  /** How the file was read, where the user should know (a fallback encoding, a lone CR). */
  warnings?: string[]
  /** Rows repeating others, counted after the import and again after 'Remove duplicates' (absent on older imports). */
  duplicates?: DuplicateFigures
}

/** POST /api/uploads answer (spec 001 §3 "Upload response"). */
export type UploadResponse = {
  upload_id: string
  needs_header_confirmation: boolean
  preview_data: HeaderPreview
  processing_in_background: boolean
  total_rows: number | null
}

/** GET /api/uploads/:id/progress (spec 001 §3 "Processing progress response"). */
export type UploadProgress = {
  status: UploadStatus
  processed_rows: number
  total_rows: number | null
  progress_percentage: number
  error_message: string | null
  valid_rows: number
  skipped_rows: number
  data_quality_issues: DataQualityIssue[]
}

export const confirmHeadersSchema = z.object({
  hasHeaders: z.boolean(),
  headerRowIndex: z.number().int().min(0).max(1000).default(0),
})
export type ConfirmHeadersInput = z.infer<typeof confirmHeadersSchema>

export const uploadFormFieldsSchema = z.object({
  sheet: z.string().max(200).optional(),
  /** The uploader's locale's date order, used when nothing in the file settles a date column's. */
  dateOrder: dateOrderSchema.optional(),
})
