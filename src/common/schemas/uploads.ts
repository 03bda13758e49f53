import { z } from 'zod'
import type { DuplicateFigures } from './duplicates.ts'

export const uploadStatusSchema = z.enum(['awaiting_header', 'processing', 'completed', 'failed'])
export type UploadStatus = z.infer<typeof uploadStatusSchema>

export const columnTypeSchema = z.enum(['text', 'number', 'date', 'boolean'])
export type ColumnType = z.infer<typeof columnTypeSchema>

export const columnKindSchema = z.enum(['source', 'manual', 'ai'])

export type UploadColumn = {
  key: string
  name: string
  type: ColumnType
  position: number
  hidden: boolean
  kind: z.infer<typeof columnKindSchema>
  /** Pixels, when the user resized the column. */
  width: number | null
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
})
