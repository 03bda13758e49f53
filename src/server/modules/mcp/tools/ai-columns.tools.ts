import { z } from 'zod'
import { AI, CREDIT_COSTS } from '#common/constants'
import { createAiFieldSchema, type AiField } from '#common/schemas/enrichment'
import { createAiColumn } from '#server/modules/enrichment/ai-columns.service'
import { getAiField } from '#server/modules/enrichment/ai-fields.service'
import { listFieldExamples } from '#server/modules/enrichment/corrections.service'
import { columnIdOrThrow, defineTool, fileIdOrThrow } from '../mcp-tool.ts'
import { fileIdInput } from './files.tools.ts'

/** AI columns: the services of POST /ai-fields, POST /ai-fields/:fieldId/runs and GET /ai-fields/:fieldId. */

const progressOf = (field: AiField) => ({
  columnId: field.id,
  name: field.name,
  status: field.status,
  processedRows: field.processedRows,
  totalRows: field.totalRows,
  counts: field.counts,
  run: field.run,
  runOnNewRows: field.autoRun,
  isRunning: field.status === 'processing' || field.status === 'paused',
})

export const createAiColumnTool = defineTool({
  name: 'create_ai_column',
  title: 'Create an AI column and start its run',
  description: `Adds an AI column to a file: a prompt that an AI model answers for every row, reading the row's values named in braces, e.g. "Which industry is {Company} in? One or two words.". The column names in braces must be columns of the file (see describe_file). By default the run starts at once over every row ("run": "all"); "empty" fills only rows without an answer, "none" creates the column without running it. A run calls the AI model for every row and COSTS credits: ${CREDIT_COSTS.basicEnrichment} per row (${CREDIT_COSTS.webSearchEnrichment} with web search), nothing with the user's own AI provider key; rows with identical inputs are asked once; "budget" stops the run after that many credits. "runOnNewRows": true also runs it, at the same cost, on every row added later (add_rows, the API, the grid) as it arrives, within "monthlyCap" credits a month if given. With a JSON outputType, "fieldsAsColumns": true gives each named field a typed column of its own (one call and one charge per row fill them all). It runs in the background: follow it with run_progress, then read the values with read_rows.`,
  scope: 'read_write',
  input: createAiFieldSchema.extend({
    fileId: fileIdInput,
    run: z.enum(['all', 'empty', 'none']).default('all').describe('Which rows to run now: all, only empty ones, or none.'),
    budget: z.number().int().min(1).max(10_000_000).optional().describe('Stop the run when this many credits are spent.'),
    runOnNewRows: z.boolean().default(false).describe('Also run the column on rows added later, as they arrive.'),
    monthlyCap: z.number().int().min(1).max(AI.maxAutoRunMonthlyCap).optional().describe('With runOnNewRows: credits those runs may spend in a month.'),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run({ fileId, run, budget, runOnNewRows, monthlyCap, ...column }, { user }) {
    const uploadId = fileIdOrThrow(fileId)
    const created = await createAiColumn({
      userId: user.id,
      uploadId,
      ...column,
      ...(runOnNewRows ? { autoRun: { enabled: true, monthlyCap: monthlyCap ?? null } } : {}),
      ...(run === 'none' ? {} : { firstRun: { scope: run, budget } }),
    })
    if (created.run) {
      return { ...progressOf(created.field), runStarted: created.run.started, rowsQueued: created.run.total_rows, next: 'Call run_progress with this fileId and columnId until isRunning is false.' }
    }
    // The column exists either way: say why its run did not start, so the model can tell the user.
    const runError = created.runError ? { runError: { code: created.runError.code, message: created.runError.message } } : {}
    return { ...progressOf(created.field), runStarted: false, ...runError }
  },
})

export const runProgressTool = defineTool({
  name: 'run_progress',
  title: "An AI column's run progress",
  description:
    "Reads an AI column's run: its status (processing, paused, completed, idle), rows processed of the run's total, the cells by state (queued, running, done, error, no_credits, stale, cancelled) and the credits spent. Poll it every few seconds while isRunning is true. Costs nothing and calls no AI model.",
  scope: 'read',
  input: z.object({ fileId: fileIdInput, columnId: z.string().max(100).describe('The AI column id (create_ai_column or describe_file gives it).') }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run({ fileId, columnId }, { user }) {
    const uploadId = fileIdOrThrow(fileId)
    return progressOf(await getAiField({ userId: user.id, uploadId, fieldId: columnIdOrThrow(columnId) }))
  },
})

export const listColumnExamplesTool = defineTool({
  name: 'list_column_examples',
  title: "An AI column's examples (the user's corrections)",
  description:
    "Lists the values the user corrected in an AI column, each with the row's input values then: the column's examples, which later runs send with the prompt (the most similar few for each row). A corrected cell is never overwritten by a run. Costs nothing and calls no AI model.",
  scope: 'read',
  input: z.object({ fileId: fileIdInput, columnId: z.string().max(100).describe('The AI column id (create_ai_column or describe_file gives it).') }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run({ fileId, columnId }, { user }) {
    const uploadId = fileIdOrThrow(fileId)
    const { examples } = await listFieldExamples({ userId: user.id, uploadId, fieldId: columnIdOrThrow(columnId) })
    return { columnId, examples: examples.map(({ rowIndex, inputs, value, updatedAt }) => ({ rowIndex, inputs, value, correctedAt: updatedAt })) }
  },
})
