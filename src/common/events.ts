import { z } from 'zod'
import { aiCellStatusSchema, aiFieldStatusSchema } from './schemas/enrichment.ts'
import { uploadStatusSchema } from './schemas/uploads.ts'

/** Every server-sent event, one discriminated union (CONVENTIONS §14). */
export const appEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('upload.progress'),
    uploadId: z.string(),
    status: uploadStatusSchema,
    processedRows: z.number(),
    totalRows: z.number().nullable(),
    bytesRead: z.number(),
    totalBytes: z.number(),
    validRows: z.number(),
    skippedRows: z.number(),
    errorMessage: z.string().nullable(),
  }),
  /**
   * AI cells that changed, batched per field (a run finishes thousands a second). `display` is
   * the grid's text, cut at 300 characters; the full value is read through the rows API.
   */
  z.object({
    type: z.literal('cell.updated'),
    uploadId: z.string(),
    fieldId: z.string(),
    columnKey: z.string(),
    cells: z.array(
      z.object({
        rowIndex: z.number(),
        status: aiCellStatusSchema,
        display: z.string().nullable(),
        error: z.string().nullable(),
        /** The user wrote this value (decision 038); absent for a run's answers. */
        corrected: z.boolean().optional(),
      }),
    ),
  }),
  /** A field's run progress: the banner's processed/total and the field's status. */
  z.object({
    type: z.literal('field.progress'),
    uploadId: z.string(),
    fieldId: z.string(),
    status: aiFieldStatusSchema,
    processedRows: z.number(),
    totalRows: z.number(),
    done: z.number(),
    errors: z.number(),
    noCredits: z.number(),
    creditsSpent: z.number(),
    stopReason: z.string().nullable(),
    /** The user's credit balance as the event left: the header's badge follows the run with it. */
    creditBalance: z.number(),
  }),
  /** A field was created, changed (prompt, name, type), cleared or deleted: refetch fields and columns. */
  z.object({
    type: z.literal('field.changed'),
    uploadId: z.string(),
    fieldId: z.string(),
    change: z.enum(['created', 'updated', 'cleared', 'deleted', 'stale']),
  }),
  /** Rows were added or updated by API (`POST /uploads/:id/rows`): the grid and the file's counts read again. */
  z.object({
    type: z.literal('rows.added'),
    uploadId: z.string(),
    added: z.number(),
    updated: z.number(),
    totalRows: z.number(),
  }),
  /**
   * The file's quality report was counted again in the background (its duplicate figures, after a
   * change the writer could not count from its rows: issue 44): an open page reads it again.
   */
  z.object({
    type: z.literal('upload.report'),
    uploadId: z.string(),
  }),
  /** A file or folder of the user was created, renamed, moved or deleted: lists re-read. */
  z.object({
    type: z.literal('workspace.changed'),
    entity: z.enum(['file', 'folder']),
    id: z.string(),
  }),
])
export type AppEvent = z.infer<typeof appEventSchema>
export type AppEventOf<T extends AppEvent['type']> = Extract<AppEvent, { type: T }>
