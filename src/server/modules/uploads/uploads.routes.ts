import { createReadStream, existsSync } from 'node:fs'
import { Readable } from 'node:stream'
import { Hono } from 'hono'
import { UPLOAD_MESSAGES } from '#common/messages'
import { renameUploadSchema } from '#common/schemas/rows'
import {
  confirmHeadersSchema,
  dateOrderSchema,
  deletedUploadSchema,
  headersConfirmedSchema,
  uploadDetailSchema,
  uploadProgressSchema,
  uploadResponseSchema,
  uploadsPageSchema,
  uploadSummarySchema,
} from '#common/schemas/uploads'
import { listUploadsQuerySchema, moveUploadSchema } from '#common/schemas/folders'
import { env } from '#server/env'
import { AppError } from '#server/platform/app-error'
import { attachmentDisposition } from '#server/platform/content-disposition'
import { streamEvents } from '#server/platform/events'
import type { AppEnv } from '#server/platform/hono-env'
import { documented } from '#server/platform/openapi'
import { receiveFile } from '#server/platform/receive-file'
import { requireUser } from '#server/platform/require-user'
import { incomingDir, skippedRowsPath } from '#server/platform/storage'
import { validate } from '#server/platform/validate'
import { isFinalProgress, progressEventOf } from './upload-progress.ts'
import {
  confirmHeaders,
  createSampleUpload,
  createUpload,
  deleteUpload,
  retryUpload,
  getProgress,
  getUploadDetail,
  getUploadOrThrow,
  listUploads,
  moveUpload,
  renameUpload,
} from './uploads.service.ts'
import { uploadIdParam } from './upload-id-param.ts'

export const uploadsRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/', documented({ response: uploadsPageSchema }), validate('query', listUploadsQuerySchema), async (c) =>
    c.json(await listUploads({ userId: c.var.user.id, ...c.req.valid('query') })),
  )
  .post(
    '/',
    documented({
      summary: 'Upload a file (CSV, TSV, TXT or XLSX)',
      response: uploadResponseSchema,
      status: 201,
      description: 'Imports in the background: poll `GET /api/uploads/{id}/progress` until `completed`, or follow `/events`.',
      multipart: {
        required: ['file'],
        properties: {
          file: { type: 'string', format: 'binary' },
          sheet: { type: 'string', description: 'A workbook sheet name' },
          dateOrder: {
            type: 'string',
            enum: ['dmy', 'mdy'],
            description: "How to read day/month dates (04/07/2024) in a column none of whose dates settles it: 'dmy' or 'mdy' (the default). A browser sends its locale's.",
          },
        },
      },
    }),
    async (c) => {
      const file = await receiveFile(c.req.raw, {
        dir: incomingDir(),
        field: 'file',
        limitBytes: env.MAX_UPLOAD_MB * 1024 * 1024,
        tooLargeMessage: UPLOAD_MESSAGES.tooLarge(env.MAX_UPLOAD_MB),
      })
      const sheet = file.fields.sheet?.trim() || undefined
      // A hint, not an instruction: an unknown value is no hint.
      const localeDateOrder = dateOrderSchema.safeParse(file.fields.dateOrder).data
      return c.json(await createUpload({ userId: c.var.user.id, file, sheet, localeDateOrder }), 201)
    },
  )
  .post('/sample', documented({ summary: 'Upload the sample file', response: uploadResponseSchema, status: 201 }), async (c) => c.json(await createSampleUpload({ userId: c.var.user.id }), 201))
  .get('/:id', uploadIdParam, documented({ response: uploadDetailSchema }), async (c) => c.json(await getUploadDetail({ userId: c.var.user.id, uploadId: c.req.valid('param').id })))
  .patch('/:id', uploadIdParam, documented({ response: uploadSummarySchema }), validate('json', renameUploadSchema), async (c) =>
    c.json(await renameUpload({ userId: c.var.user.id, uploadId: c.req.valid('param').id, ...c.req.valid('json') })),
  )
  .delete('/:id', uploadIdParam, documented({ response: deletedUploadSchema }), async (c) => c.json(await deleteUpload({ userId: c.var.user.id, uploadId: c.req.valid('param').id })))
  .put('/:id/folder', uploadIdParam, documented({ response: uploadSummarySchema }), validate('json', moveUploadSchema), async (c) =>
    c.json(await moveUpload({ userId: c.var.user.id, uploadId: c.req.valid('param').id, ...c.req.valid('json') })),
  )
  .post('/:id/retry', uploadIdParam, documented({ response: uploadSummarySchema }), async (c) => c.json(await retryUpload({ userId: c.var.user.id, uploadId: c.req.valid('param').id })))
  .get('/:id/progress', uploadIdParam, documented({ summary: "An upload's import progress", response: uploadProgressSchema }), async (c) => c.json(await getProgress({ userId: c.var.user.id, uploadId: c.req.valid('param').id })))
  .post('/:id/confirm-headers', uploadIdParam, documented({ response: headersConfirmedSchema }), validate('json', confirmHeadersSchema), async (c) =>
    c.json(await confirmHeaders({ userId: c.var.user.id, uploadId: c.req.valid('param').id, ...c.req.valid('json') })),
  )
  .get('/:id/skipped-rows.csv', uploadIdParam, documented({ summary: 'The rows the import skipped, as CSV', produces: 'text/csv' }), async (c) => {
    const upload = await getUploadOrThrow({ userId: c.var.user.id, uploadId: c.req.valid('param').id })
    const path = skippedRowsPath(upload)
    if (!existsSync(path)) throw new AppError('NOT_FOUND', 'This file has no skipped rows.')
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Content-Disposition', attachmentDisposition(`skipped_${upload.filename.replace(/\.[^.]+$/, '')}.csv`))
    return c.body(Readable.toWeb(createReadStream(path)) as ReadableStream)
  })
  .get('/:id/events', uploadIdParam, documented({ summary: 'Import progress as Server-Sent Events', produces: 'text/event-stream' }), async (c) => {
    const userId = c.var.user.id
    const upload = await getUploadOrThrow({ userId, uploadId: c.req.valid('param').id })
    return streamEvents(c, {
      userId,
      filter: (event) => event.type === 'upload.progress' && event.uploadId === upload.id,
      snapshot: () => [progressEventOf(upload)],
      isLast: isFinalProgress,
    })
  })
