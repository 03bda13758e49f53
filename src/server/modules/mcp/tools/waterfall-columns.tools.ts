import { z } from 'zod'
import { CREDIT_COSTS } from '#common/constants'
import { createWaterfallFieldSchema, testWaterfallSchema } from '#common/schemas/waterfall-fields'
import { startRun } from '#server/modules/enrichment/enrichment-runs.service'
import { createWaterfallField, testWaterfall } from '#server/modules/enrichment/waterfall-fields.service'
import { AppError } from '#server/platform/app-error'
import { defineTool, fileIdOrThrow } from '../mcp-tool.ts'
import { fileIdInput } from './files.tools.ts'

/** Waterfall columns (issue 43, decision 037): the services of POST /waterfall-fields, POST /waterfall-fields/test and a first run. */

const STEPS_HELP = `steps are tried in order for each row; the first value a step's "accept" rule accepts is the row's value and the later steps are not called for that row. A step is {"kind":"ai","prompt":"... {Column} ...","model":null|"a model of the user's provider","webSearch":false}, {"kind":"http","request":{"method":"GET","url":"https://...?q={Column}&key={secret:NAME}"},"path":"data.email"} (JMESPath into the JSON answer; secrets are saved in API Settings only) or {"kind":"formula","formula":"{Known email}"}. "accept" is a formula that says yes or no over {value} (the step's value as text) and {confidence} (an AI step's, 0 to 1): for example NOT(IS_EMPTY({value})) (the default), AND(CONTAINS({value}, "@"), CONTAINS(DOMAIN({value}), ".")), {confidence} >= 0.8. A cheap model first and a stronger one or web research after it is confidence-gated escalation.`

const COST_HELP = `It COSTS credits for each step actually called: an AI step ${CREDIT_COSTS.basicEnrichment} credit a row (${CREDIT_COSTS.webSearchEnrichment} with web research; nothing with the user's own AI provider key), an HTTP step what the operator charges a request (0 by default), a formula nothing; steps not called cost nothing. An AI step calls the AI model; an HTTP step sends a request to the URL given (the provider may bill the user's own account there).`

export const createWaterfallColumnTool = defineTool({
  name: 'create_waterfall_column',
  title: 'Create a waterfall column and start its run',
  description: `Adds a waterfall column to a file: ordered steps (AI prompts, HTTP API requests, formulas), each with an acceptance rule. ${STEPS_HELP} By default the run starts at once over every row ("run": "all"); "empty" fills only rows without a value, "none" creates the column without running (use the estimate of the REST API for its worst and expected cost). ${COST_HELP} It runs in the background: follow it with run_progress, then read the values with read_rows; each cell records which step gave its value.`,
  scope: 'read_write',
  input: createWaterfallFieldSchema.extend({
    fileId: fileIdInput,
    run: z.enum(['all', 'empty', 'none']).default('all').describe('Which rows to run now: all, only empty ones, or none.'),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run({ fileId, run, ...column }, { user }) {
    const uploadId = fileIdOrThrow(fileId)
    const field = await createWaterfallField({ userId: user.id, uploadId, ...column })
    if (run === 'none') return { columnId: field.id, name: field.name, columnKey: field.columnKey, runStarted: false }
    try {
      const started = await startRun({ userId: user.id, uploadId, fieldId: field.id, scope: run })
      return { columnId: field.id, name: field.name, columnKey: field.columnKey, runStarted: started.started, rowsQueued: started.total_rows, next: 'Call run_progress with this fileId and columnId until isRunning is false.' }
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      // The column exists either way: say why the run did not start.
      return { columnId: field.id, name: field.name, columnKey: field.columnKey, runStarted: false, runError: { code: error.code, message: error.message } }
    }
  },
})

export const testWaterfallColumnTool = defineTool({
  name: 'test_waterfall_column',
  title: "Try a waterfall column's steps on one row",
  description: `Tries a waterfall's steps on one row of a file (rowIndex, among the first 1,000), now, as a run would, without saving anything: answers the value the column would get, the step it came from, and every step tried with its outcome (accepted, rejected by its rule, empty, error), value, confidence, time and credits. Use it before create_waterfall_column. ${STEPS_HELP} It COSTS credits for each AI step it calls: what the prompt test costs (${CREDIT_COSTS.promptTestSimple} credit, ${CREDIT_COSTS.promptTestAdvanced} with web research; refunded if the model fails), and calls the AI model; an HTTP step sends one request to the URL given, free; a formula is free.`,
  scope: 'read_write',
  input: testWaterfallSchema.extend({ fileId: fileIdInput }),
  // Saves nothing of the user's file, but its AI steps are charged to the balance.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run({ fileId, ...input }, { user }) {
    return testWaterfall({ userId: user.id, uploadId: fileIdOrThrow(fileId), ...input })
  },
})
