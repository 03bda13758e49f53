import { z } from 'zod'
import { EXPORT_LINKS } from '#common/constants'
import { MCP_MESSAGES } from '#common/messages'
import { exportFormatSchema, rowViewSchema, type ExportFormat, type RowView } from '#common/schemas/rows'
import { env } from '#server/env'
import { AppError } from '#server/platform/app-error'
import { getReadableUploadOrThrow } from '#server/modules/uploads/uploads.service'
import { createExport, exportFilename, type ExportFile } from './exports.service.ts'
import { readLinkToken, signLinkToken } from './lib/export-link-token.ts'

/**
 * Download links (issue 33, decision 025): a door that cannot stream a file (an MCP tool answers
 * with text) gives a link instead, valid for EXPORT_LINKS.validMinutes. The link carries its user,
 * file and export request, signed; opening it runs `createExport` as that user then, with the
 * same checks as `POST /exports` (the file still theirs and readable), so a deleted file's link
 * is a 404 like its id.
 */

export type ExportLinkRequest = { format: ExportFormat; scope: 'all' | 'view'; view?: RowView; aiDetails?: boolean }

const linkPayloadSchema = z.object({
  u: z.string(),
  f: z.string(),
  e: z.number(),
  r: z.object({ format: exportFormatSchema, scope: z.enum(['all', 'view']), view: rowViewSchema.optional(), aiDetails: z.boolean().optional() }),
})

export const exportLinkPath = (token: string) => `/api/exports/${token}`

export async function createExportLink({ userId, uploadId, request, now = Date.now() }: { userId: string; uploadId: string; request: ExportLinkRequest; now?: number }) {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const signedRequest = JSON.stringify(request)
  if (Buffer.byteLength(signedRequest) > EXPORT_LINKS.maxRequestBytes) {
    throw new AppError('VALIDATION_FAILED', MCP_MESSAGES.exportViewTooLarge(EXPORT_LINKS.maxRequestBytes))
  }
  const expiresAt = new Date(now + EXPORT_LINKS.validMinutes * 60_000)
  const token = signLinkToken({ u: userId, f: upload.id, e: Math.floor(expiresAt.getTime() / 1000), r: request }, env.APP_SECRET)
  return {
    url: `${env.PUBLIC_URL}${exportLinkPath(token)}`,
    expiresAt: expiresAt.toISOString(),
    filename: exportFilename(upload.filename, request.scope, request.format),
  }
}

/** `GET /api/exports/:link`: the export the link names, made now, as its user. */
export async function openExportLink({ link, now = Date.now() }: { link: string; now?: number }): Promise<ExportFile> {
  const payload = linkPayloadSchema.safeParse(readLinkToken(link, env.APP_SECRET))
  if (!payload.success) throw new AppError('NOT_FOUND', MCP_MESSAGES.exportLinkInvalid)
  const { u: userId, f: uploadId, e: expiresAtSeconds, r: request } = payload.data
  if (expiresAtSeconds * 1000 <= now) throw new AppError('NOT_FOUND', MCP_MESSAGES.exportLinkExpired)
  return createExport({ userId, uploadId, format: request.format, scope: request.scope, view: request.view, bom: false, aiDetails: request.aiDetails ?? false })
}
