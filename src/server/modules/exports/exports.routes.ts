import { Readable } from 'node:stream'
import { Hono } from 'hono'
import { createExportSchema } from '#common/schemas/rows'
import { attachmentDisposition } from '#server/platform/content-disposition'
import type { AppEnv } from '#server/platform/hono-env'
import { documented } from '#server/platform/openapi'
import { requireUser } from '#server/platform/require-user'
import { validate } from '#server/platform/validate'
import { createExport } from './exports.service.ts'
import { uploadIdParam } from '#server/modules/uploads/upload-id-param'

/** Mounted at /api/uploads: a download of all rows, the current view, or the selection. */
export const exportsRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post('/:id/exports', uploadIdParam, documented({ summary: 'Download rows as CSV, JSON or XLSX', produces: 'application/octet-stream' }), validate('json', createExportSchema), async (c) => {
    const file = await createExport({ userId: c.var.user.id, uploadId: c.req.valid('param').id, ...c.req.valid('json') })
    c.header('Content-Type', file.contentType)
    c.header('Content-Disposition', attachmentDisposition(file.filename))
    c.header('X-Row-Count', String(file.rowCount))
    c.header('Cache-Control', 'no-store')
    return c.body(Readable.toWeb(file.body) as ReadableStream)
  })
