import { z } from 'zod'
import { HTTP_SOURCE } from '#common/constants'
import { createHttpFieldSchema, testHttpRequestSchema } from '#common/schemas/http-fields'
import { startRun } from '#server/modules/enrichment/enrichment-runs.service'
import { createHttpField, testHttpRequest } from '#server/modules/enrichment/http-fields.service'
import { AppError } from '#server/platform/app-error'
import { defineTool, fileIdOrThrow } from '../mcp-tool.ts'
import { fileIdInput } from './files.tools.ts'

/** HTTP API columns (issue 43): the services of POST /http-fields, POST /http-fields/test and a first run. */

const REQUEST_HELP = `The request is a template: {Column} is the row's value in that column (URL-encoded in the url, a JSON string in the body), {secret:NAME} a secret the user saved under API Settings > Secrets (secrets cannot be set through this server). outputs are JMESPath paths into the JSON answer (e.g. "data.email", "results[0].domain", "@" for the whole answer), each filling its own column named "name"; the first output is the column the run is about.`

export const createHttpColumnTool = defineTool({
  name: 'create_http_column',
  title: 'Create an HTTP API column and start its run',
  description: `Adds an HTTP API column to a file: one HTTP request per row to a JSON API (an e-mail finder, a company-data provider, the user's CRM), whose answer fills one or more new columns. ${REQUEST_HELP} By default the run starts at once over every row ("run": "all"); "empty" fills only rows without a value, "none" creates the columns without running. A run sends a request per distinct row input to the URL given (the provider may bill the user's own account there). Costs nothing and calls no AI model. It runs in the background: follow it with run_progress, then read the values with read_rows.`,
  scope: 'read_write',
  input: createHttpFieldSchema.extend({
    fileId: fileIdInput,
    run: z.enum(['all', 'empty', 'none']).default('all').describe('Which rows to run now: all, only empty ones, or none.'),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run({ fileId, run, ...column }, { user }) {
    const uploadId = fileIdOrThrow(fileId)
    const field = await createHttpField({ userId: user.id, uploadId, ...column })
    const columns = field.source?.kind === 'http' ? field.source.outputs.map((o) => o.columnKey) : []
    if (run === 'none') return { columnId: field.id, name: field.name, columnKeys: columns, runStarted: false }
    try {
      const started = await startRun({ userId: user.id, uploadId, fieldId: field.id, scope: run })
      return { columnId: field.id, name: field.name, columnKeys: columns, runStarted: started.started, rowsQueued: started.total_rows, next: 'Call run_progress with this fileId and columnId until isRunning is false.' }
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      // The columns exist either way: say why the run did not start.
      return { columnId: field.id, name: field.name, columnKeys: columns, runStarted: false, runError: { code: error.code, message: error.message } }
    }
  },
})

export const testHttpRequestTool = defineTool({
  name: 'test_http_request',
  title: "Send an HTTP API column's request for one row",
  description: `Sends an HTTP API column's request once, now, for one row of a file (rowIndex, among the first 1,000), without saving anything: answers the request as sent (secrets shown as ••••), the status, the start of the answer (up to ${HTTP_SOURCE.testResponseChars.toLocaleString('en-US')} characters) and what each output path picked, or why it found nothing. Use it before create_http_column. ${REQUEST_HELP} Costs nothing and calls no AI model. It sends one request to the URL given.`,
  scope: 'read_write',
  input: testHttpRequestSchema.extend({ fileId: fileIdInput }),
  // Writes nothing of the user's; sends one request to the address given.
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run({ fileId, ...input }, { user }) {
    return testHttpRequest({ userId: user.id, uploadId: fileIdOrThrow(fileId), ...input })
  },
})
