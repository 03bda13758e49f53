import { Readable } from 'node:stream'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { z } from 'zod'
import { MCP_MESSAGES } from '#common/messages'
import { createExportSchema } from '#common/schemas/rows'
import { attachmentDisposition } from '#server/platform/content-disposition'
import type { AppEnv } from '#server/platform/hono-env'
import { documented } from '#server/platform/openapi'
import { requireUser } from '#server/platform/require-user'
import { validate, validateIds } from '#server/platform/validate'
import { createExport, type ExportFile } from './exports.service.ts'
import { openExportLink } from './export-links.ts'
import { uploadIdParam } from '#server/modules/uploads/upload-id-param'

function fileResponse(c: Context<AppEnv>, file: ExportFile) {
  c.header('Content-Type', file.contentType)
  c.header('Content-Disposition', attachmentDisposition(file.filename))
  c.header('X-Row-Count', String(file.rowCount))
  c.header('Cache-Control', 'no-store')
  return c.body(Readable.toWeb(file.body) as ReadableStream)
}

/** Mounted at /api/uploads: a download of all rows, the current view, or the selection. */
export const exportsRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post('/:id/exports', uploadIdParam, documented({ summary: 'Download rows as CSV, JSON or XLSX', produces: 'application/octet-stream' }), validate('json', createExportSchema), async (c) =>
    fileResponse(c, await createExport({ userId: c.var.user.id, uploadId: c.req.valid('param').id, ...c.req.valid('json') })),
  )

const linkParam = validateIds({ link: MCP_MESSAGES.exportLinkInvalid }, { link: z.string().min(1).max(16_384) })

/**
 * Mounted at /api/exports: a signed download link an MCP tool gave (decision 025). The link is its
 * own credential, for a few minutes, so it opens in any browser or `curl` with no token or session.
 */
export const exportLinkRoutes = new Hono<AppEnv>().get(
  '/:link',
  linkParam,
  documented({ summary: 'Download an export by the short-lived link the MCP export tool gave', produces: 'application/octet-stream' }),
  async (c) => fileResponse(c, await openExportLink({ link: c.req.valid('param').link })),
)
