import { z } from 'zod'
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
  /** A file or folder of the user was created, renamed, moved or deleted: lists re-read. */
  z.object({
    type: z.literal('workspace.changed'),
    entity: z.enum(['file', 'folder']),
    id: z.string(),
  }),
])
export type AppEvent = z.infer<typeof appEventSchema>
export type AppEventOf<T extends AppEvent['type']> = Extract<AppEvent, { type: T }>
