import { z } from 'zod'
import { listPageSchema } from './list.ts'

export const uploadStatusSchema = z.enum(['awaiting_header', 'processing', 'completed', 'failed'])
export type UploadStatus = z.infer<typeof uploadStatusSchema>

export const columnTypeSchema = z.enum(['text', 'number', 'date', 'boolean'])
export type ColumnType = z.infer<typeof columnTypeSchema>

export const columnKindSchema = z.enum(['source', 'manual', 'ai', 'formula'])
export type ColumnKind = z.infer<typeof columnKindSchema>

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
/**
 * What switching a date column to `order` would meet (issue 44): its day/month dates, how many of
 * them cannot be read that way (a part above 12 where the month would be; they keep their other
 * reading) and the first of those.
 */
export const dateOrderCheckSchema = z.object({ order: dateOrderSchema, dates: z.number().int(), misfits: z.number().int(), example: z.string().nullable() })
export type DateOrderCheck = z.infer<typeof dateOrderCheckSchema>

export const uploadColumnSchema = z.object({
  key: z.string(),
  name: z.string(),
  type: columnTypeSchema,
  position: z.number().int(),
  hidden: z.boolean(),
  kind: columnKindSchema,
  /** Pixels, when the user resized the column. */
  width: z.number().nullable(),
  /** A date column with day/month dates: how they read, and what decided it. Null otherwise. */
  dateOrder: dateOrderSchema.nullable(),
  dateOrderBasis: dateOrderBasisSchema.nullable(),
  /** A formula column's formula (`{Column}` names, as written); absent or null on other columns. */
  formula: z.string().nullable().optional(),
  /** A formula column whose formula no longer reads (a column it names was deleted): where and why. */
  formulaError: z.string().nullable().optional(),
})
export type UploadColumn = z.infer<typeof uploadColumnSchema>

/** One row the importer could not take as it was (spec 001 §3 "Data quality issue"). */
export const dataQualityIssueSchema = z.object({
  row: z.number().int(),
  action: z.enum(['skipped', 'padded', 'other']),
  expected_columns: z.number().int(),
  actual_columns: z.number().int(),
  reason: z.string(),
})
export type DataQualityIssue = z.infer<typeof dataQualityIssueSchema>

/** What the sniffer found (spec 001 §3 "Header preview", plus the dialect). */
export const headerPreviewSchema = z.object({
  filename: z.string(),
  detectedHeaderRow: z.number().int(),
  confidence: z.number(),
  reasons: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  encoding: z.string(),
  delimiter: z.string().nullable(),
  sheets: z.array(z.string()).optional(),
  sheet: z.string().optional(),
})
export type HeaderPreview = z.infer<typeof headerPreviewSchema>

/**
 * Duplicate figures (the duplicates contract in `duplicates.ts`) live here because the quality
 * report carries them and `duplicates.ts` imports `rows.ts`, which imports this file.
 */
export const identifierKindSchema = z.enum(['email', 'website', 'id'])
export const columnDuplicatesSchema = z.object({ key: z.string(), name: z.string(), kind: identifierKindSchema, rows: z.number().int() })
/**
 * `records`: rows that repeat an earlier record by the record's identity (`recordIdentityColumnsOf`:
 * its id and e-mail columns together; `columns` empty: whole rows exactly), the count 'Remove
 * duplicates' finds by default. `shared`: per website or domain column, the values more than one
 * row holds (companies with several contacts), which are not duplicates. Both absent on older imports.
 */
export const recordDuplicatesSchema = z.object({ columns: z.array(z.string()), rows: z.number().int() })
export const sharedValuesSchema = z.object({ key: z.string(), name: z.string(), values: z.number().int() })
export const duplicateFiguresSchema = z.object({
  exactRows: z.number().int(),
  columns: z.array(columnDuplicatesSchema),
  records: recordDuplicatesSchema.optional(),
  shared: z.array(sharedValuesSchema).optional(),
})

export const uploadSummarySchema = z.object({
  id: z.string(),
  filename: z.string(),
  status: uploadStatusSchema,
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  validRows: z.number().int(),
  skippedRows: z.number().int(),
  dataCompletenessScore: z.number().nullable(),
  errorMessage: z.string().nullable(),
  folderId: z.string().nullable(),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type UploadSummary = z.infer<typeof uploadSummarySchema>

/** A file in File Storage's list: its summary and how many AI columns it has. */
export const uploadListItemSchema = uploadSummarySchema.extend({ aiFieldCount: z.number().int() })
export type UploadListItem = z.infer<typeof uploadListItemSchema>
export const uploadsPageSchema = listPageSchema(uploadListItemSchema)

/** How many records of a file went where, as the reader counted them. */
export const rowCountsSchema = z.object({
  totalRecords: z.number().int(),
  validRows: z.number().int(),
  paddedRows: z.number().int(),
  skippedRows: z.number().int(),
  blankLines: z.number().int(),
  commentLines: z.number().int(),
  nonEmptyCells: z.number().int(),
  totalCells: z.number().int(),
})
export type RowCounts = z.infer<typeof rowCountsSchema>

export const qualityMetricsSchema = rowCountsSchema.extend({
  issueCount: z.number().int(),
  encoding: z.string(),
  delimiter: z.string().nullable(),
  hasHeader: z.boolean(),
  headerRow: z.number().int().nullable(),
  /** How the file was read, where the user should know (a fallback encoding, a lone CR). */
  warnings: z.array(z.string()).optional(),
  /** Rows repeating others, counted after the import and again after 'Remove duplicates' (absent on older imports). */
  duplicates: duplicateFiguresSchema.optional(),
})
export type QualityMetrics = z.infer<typeof qualityMetricsSchema>

export const uploadDetailSchema = uploadSummarySchema.extend({
  columns: z.array(uploadColumnSchema),
  /** AI columns of this upload, and rows with at least one AI value (spec's card, made real). */
  aiColumnCount: z.number().int(),
  enrichedRows: z.number().int(),
  dataQualityIssues: z.array(dataQualityIssueSchema),
  qualityMetrics: qualityMetricsSchema.nullable(),
  preview: headerPreviewSchema.nullable(),
})
export type UploadDetail = z.infer<typeof uploadDetailSchema>

/** POST /api/uploads answer (spec 001 §3 "Upload response"). */
export const uploadResponseSchema = z.object({
  upload_id: z.string(),
  needs_header_confirmation: z.boolean(),
  preview_data: headerPreviewSchema,
  processing_in_background: z.boolean(),
  total_rows: z.number().int().nullable(),
})
export type UploadResponse = z.infer<typeof uploadResponseSchema>

/** GET /api/uploads/:id/progress (spec 001 §3 "Processing progress response"). */
export const uploadProgressSchema = z.object({
  status: uploadStatusSchema,
  processed_rows: z.number().int(),
  total_rows: z.number().int().nullable(),
  progress_percentage: z.number(),
  error_message: z.string().nullable(),
  valid_rows: z.number().int(),
  skipped_rows: z.number().int(),
  data_quality_issues: z.array(dataQualityIssueSchema),
})
export type UploadProgress = z.infer<typeof uploadProgressSchema>

/** POST /api/uploads/:id/confirm-headers: the import goes on in the background. */
export const headersConfirmedSchema = z.object({ upload_id: z.string(), processing_in_background: z.literal(true) })

/** DELETE /api/uploads/:id: what was deleted. */
export const deletedUploadSchema = z.object({ id: z.string(), filename: z.string() })

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
