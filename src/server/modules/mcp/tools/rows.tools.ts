import { z } from 'zod'
import { CREDIT_COSTS, MCP } from '#common/constants'
import { ROWS_API_MESSAGES } from '#common/messages'
import { addRows } from '#server/modules/rows/add-rows.service'
import { defineTool, fileIdOrThrow } from '../mcp-tool.ts'

/** Rows in: the service of POST /uploads/:id/rows (docs/api/rows.md). */

/**
 * A row as the route's `addedRowSchema` takes it, written as a union: the tool's list shows a JSON
 * Schema, which a custom check has none of. The service checks the values again.
 */
const rowInput = z.record(z.string().max(200), z.union([z.string(), z.number(), z.boolean(), z.null()]))

export const addRowsTool = defineTool({
  name: 'add_rows',
  title: 'Add rows to a file',
  description: `Adds rows to a file: each row an object of values under the file's column names (as describe_file lists them; case does not matter), text, numbers, booleans or null. At most ${MCP.maxRowsAdded} rows a call. A name the file does not have is refused with the file's columns, unless "addColumns" is true (it then becomes a new text column). With "upsert" set to a column name (e.g. "Email"), a row whose value in that column matches an existing row's (case, accents and outer spaces ignored) updates that row instead of adding a duplicate. With "idempotencyKey", calling again with the same key and rows adds nothing twice (use it when you retry). Answers the new rows' indexes and the updated ones' (0-based rowIndex: the app shows each as row rowIndex + 1, so tell people that number). Adding rows is free, but it TRIGGERS the file's AI columns that have 'Run on new rows' on (describe_file lists a file's AI columns; create_ai_column's runOnNewRows turns it on): each runs on the added rows at once, in the background, which calls the AI model for every new row and COSTS credits (${CREDIT_COSTS.basicEnrichment} per row, ${CREDIT_COSTS.webSearchEnrichment} with web search, nothing with the user's own AI provider key), within the column's monthly cap; an updated row whose prompt inputs changed runs again when the column also covers stale rows. Follow such a run with run_progress.`,
  scope: 'read_write',
  input: z.object({
    fileId: z.string().max(100).describe('The file id (from list_files).'),
    rows: z
      .array(rowInput)
      .min(1, ROWS_API_MESSAGES.noRows)
      .max(MCP.maxRowsAdded, { error: (issue) => ROWS_API_MESSAGES.tooManyRows(MCP.maxRowsAdded, Array.isArray(issue.input) ? issue.input.length : null) })
      .describe('The rows: objects of column name to value.'),
    addColumns: z.boolean().default(false).describe('Make new text columns for names the file does not have.'),
    upsert: z.string().trim().min(1).max(200).optional().describe('A column name: rows matching an existing row by it update that row.'),
    idempotencyKey: z.string().trim().min(1).max(200).optional().describe('A key of your choice: a retried call with the same key adds nothing twice.'),
  }),
  // openWorldHint: an AI column that runs on new rows calls the model, outside this server.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run({ fileId, rows, addColumns, upsert, idempotencyKey }, { user }) {
    return addRows({ userId: user.id, uploadId: fileIdOrThrow(fileId), body: { rows }, addColumns, upsert, idempotencyKey })
  },
})
