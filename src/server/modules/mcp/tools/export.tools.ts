import { z } from 'zod'
import { EXPORT_LINKS } from '#common/constants'
import { exportFormatSchema, rowFilterSchema, rowSortSchema } from '#common/schemas/rows'
import { conditionSchema } from '#common/schemas/plans'
import { createExportLink } from '#server/modules/exports/export-links'
import { defineTool, fileIdOrThrow } from '../mcp-tool.ts'
import { fileIdInput } from './files.tools.ts'

/** An export as a download link (decision 025): the same export as POST /exports, opened later by the link. */
export const exportTool = defineTool({
  name: 'export',
  title: 'Export a file',
  description: `Gives a download link for a file's rows as CSV, JSON or Excel (xlsx), with its AI columns: every row ("scope": "all") or the rows of a view ("scope": "view" with "query", "where", "filters" and "sort", as read_rows takes them). The link opens without a token, for ${EXPORT_LINKS.validMinutes} minutes only: give it to the user to click, or fetch it at once. Costs nothing and calls no AI model.`,
  scope: 'read',
  input: z.object({
    fileId: fileIdInput,
    format: exportFormatSchema.default('csv'),
    scope: z.enum(['all', 'view']).default('all'),
    query: z.string().trim().max(200).optional(),
    where: conditionSchema.optional(),
    filters: z.array(rowFilterSchema).max(20).optional(),
    sort: rowSortSchema.optional(),
    aiDetails: z.boolean().default(false).describe("After each AI column, its cells' reasoning, confidence and sources."),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run({ fileId, format, scope, query, where, filters, sort, aiDetails }, { user }) {
    const view = scope === 'view' ? { q: query, where, filters: filters ?? [], sort } : undefined
    const link = await createExportLink({ userId: user.id, uploadId: fileIdOrThrow(fileId), request: { format, scope, view, aiDetails } })
    return { ...link, validMinutes: EXPORT_LINKS.validMinutes }
  },
})
