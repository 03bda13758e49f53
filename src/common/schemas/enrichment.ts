import { z } from 'zod'
import { AI } from '../constants.ts'
import { AI_FIELD_MESSAGES } from '../messages.ts'
import { rowViewSchema } from './rows.ts'
import { cellStepSchema, httpSourceViewSchema, waterfallSourceViewSchema } from './sources.ts'

/**
 * AI columns (issue 12): the field a user writes as a prompt, its typed output, the cells it
 * fills in, the estimate confirmed before a run, the prompt test and the run controls.
 */

/** The kinds of value a JSON output's named field may hold. */
export const aiJsonFieldTypeSchema = z.enum(['text', 'number', 'boolean'])

export const aiJsonFieldSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, AI_FIELD_MESSAGES.jsonFieldNameRequired)
    .max(60)
    .regex(/^[A-Za-z_][A-Za-z0-9_ ]*$/, AI_FIELD_MESSAGES.jsonFieldNamePattern),
  type: aiJsonFieldTypeSchema.default('text'),
  description: z.string().trim().max(300).optional(),
})
export type AiJsonField = z.infer<typeof aiJsonFieldSchema>

/** What the model must answer with; its value is checked against it (one repair retry). */
export const aiOutputTypeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text') }),
  z.object({ kind: z.literal('number') }),
  z.object({ kind: z.literal('boolean') }),
  z.object({
    kind: z.literal('choice'),
    choices: z
      .array(z.string().trim().min(1).max(100))
      .min(2, AI_FIELD_MESSAGES.choicesTooFew)
      .max(AI.maxChoices)
      .refine((list) => new Set(list.map((c) => c.toLowerCase())).size === list.length, AI_FIELD_MESSAGES.choicesDuplicate),
  }),
  z.object({ kind: z.literal('url') }),
  z.object({ kind: z.literal('email') }),
  z.object({
    kind: z.literal('json'),
    fields: z
      .array(aiJsonFieldSchema)
      .min(1, AI_FIELD_MESSAGES.jsonFieldsRequired)
      .max(AI.maxJsonFields)
      .refine((list) => new Set(list.map((f) => f.name.toLowerCase())).size === list.length, AI_FIELD_MESSAGES.jsonFieldsDuplicate),
    /**
     * Set by the server for a column made with `fieldsAsColumns` (issue 43): the column each named
     * field fills, in the fields' order. Sent back unchanged (or left out) when the output is edited.
     */
    columns: z.array(z.object({ field: z.string().max(60), columnKey: z.string().max(100) })).max(AI.maxJsonFields).optional(),
  }),
])
export type AiOutputType = z.infer<typeof aiOutputTypeSchema>
export type AiOutputKind = AiOutputType['kind']

const fieldName = z.string().trim().min(1, AI_FIELD_MESSAGES.nameRequired).max(AI.maxNameLength, AI_FIELD_MESSAGES.nameTooLong(AI.maxNameLength))
const prompt = z.string().trim().min(1, AI_FIELD_MESSAGES.promptRequired).max(AI.maxPromptLength, AI_FIELD_MESSAGES.promptTooLong(AI.maxPromptLength))

/**
 * 'Run on new rows' (issue 33): rows added by API or in the grid are queued for the column as they
 * arrive; `coverStale` also takes rows whose cell went stale after an edit of a source column;
 * `monthlyCap`: credits auto-runs may spend in a calendar month (UTC), null for no cap.
 */
export const aiAutoRunSettingsSchema = z
  .object({
    enabled: z.boolean(),
    coverStale: z.boolean(),
    monthlyCap: z.number().int().min(1, AI_FIELD_MESSAGES.autoRunCapTooLow).max(AI.maxAutoRunMonthlyCap, AI_FIELD_MESSAGES.autoRunCapTooHigh(AI.maxAutoRunMonthlyCap)).nullable(),
  })
  .partial()
  .strict()
export type AiAutoRunSettings = z.infer<typeof aiAutoRunSettingsSchema>

/** POST /api/uploads/:id/ai-fields (with `autoRun`, 'Run on new rows' is set in the same step). */
export const createAiFieldSchema = z.object({
  name: fieldName,
  prompt,
  outputType: aiOutputTypeSchema.default({ kind: 'text' }),
  webSearch: z.boolean().default(false),
  autoRun: aiAutoRunSettingsSchema.optional(),
  /**
   * A JSON output's fields each fill a real column of their own (typed: number, yes/no, text),
   * beside this column, which keeps the whole answer and the cell's details. One call, one charge.
   */
  fieldsAsColumns: z.boolean().optional().describe('With a JSON output: each field also fills a typed column of its own (one call, one charge per row).'),
})
export type CreateAiFieldInput = z.infer<typeof createAiFieldSchema>

/** PATCH /api/uploads/:id/ai-fields/:fieldId: a new prompt or output type makes done cells stale. */
export const updateAiFieldSchema = z
  .object({ name: fieldName, prompt, outputType: aiOutputTypeSchema, webSearch: z.boolean(), autoRun: aiAutoRunSettingsSchema })
  .partial()
  .refine((change) => Object.keys(change).length > 0, AI_FIELD_MESSAGES.nothingToChange)
export type UpdateAiFieldInput = z.infer<typeof updateAiFieldSchema>

export const aiCellStatusSchema = z.enum(['queued', 'running', 'done', 'error', 'no_credits', 'stale', 'cancelled'])
export type AiCellStatus = z.infer<typeof aiCellStatusSchema>

/** processing while a run has cells to do; paused by the user; completed when none is left. */
export const aiFieldStatusSchema = z.enum(['idle', 'processing', 'paused', 'completed'])
export type AiFieldStatus = z.infer<typeof aiFieldStatusSchema>

export const aiTokenUsageSchema = z.object({
  input: z.number().int().nonnegative(),
  output: z.number().int().nonnegative(),
  /** Input tokens the provider served from its prompt cache, when it reports them. */
  cached: z.number().int().nonnegative().nullable(),
})
export type AiTokenUsage = z.infer<typeof aiTokenUsageSchema>

/** Where a cell's value came from. */
export const aiProvenanceSchema = z.object({
  reasoning: z.string().nullable(),
  confidence: z.number().min(0).max(1).nullable(),
  sources: z.array(z.string()),
  provider: z.string(),
  model: z.string(),
  promptVersion: z.number().int(),
  inputHash: z.string(),
  tokens: aiTokenUsageSchema,
  credits: z.number().int().nonnegative(),
  latencyMs: z.number().int().nonnegative(),
  /** The value came from an earlier cell with the same inputs, prompt version and model. */
  reused: z.boolean(),
  /** Run on the user's own API key: no credits charged. */
  ownKey: z.boolean(),
  completedAt: z.string(),
  /** The steps the value came through: an HTTP API column's request (status, URL with secrets masked), or each step a waterfall tried. */
  steps: z.array(cellStepSchema).nullable(),
})
export type AiProvenance = z.infer<typeof aiProvenanceSchema>

export const aiCellValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  z.null(),
])
export type AiCellValue = z.infer<typeof aiCellValueSchema>

export const aiCellSchema = z.object({
  fieldId: z.string(),
  rowIndex: z.number().int(),
  status: aiCellStatusSchema,
  value: aiCellValueSchema,
  /** The value as the grid shows it (also what is written into the row). */
  display: z.string().nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  provenance: aiProvenanceSchema.nullable(),
  /** The user wrote this value (decision 038): runs keep it, and it teaches the column. */
  corrected: z.boolean(),
  updatedAt: z.string(),
})
export type AiCell = z.infer<typeof aiCellSchema>

/** GET .../cells: the cells of the rows asked for. */
export const aiCellListSchema = z.object({ cells: z.array(aiCellSchema) })

/** 'corrections': every row but the corrected ones, asked again with the column's examples (decision 038). */
export const aiRunScopeSchema = z.enum(['all', 'empty', 'failed', 'stale', 'selected', 'view', 'corrections'])
export type AiRunScope = z.infer<typeof aiRunScopeSchema>

const cellCount = z.number().int()
export const aiFieldCountsSchema = z.object({
  queued: cellCount,
  running: cellCount,
  done: cellCount,
  error: cellCount,
  no_credits: cellCount,
  stale: cellCount,
  cancelled: cellCount,
  total: cellCount,
} satisfies Record<AiCellStatus | 'total', typeof cellCount>).extend({
  /** Cells the user corrected (decision 038), counted among `done`. */
  corrected: cellCount,
})
export type AiFieldCounts = z.infer<typeof aiFieldCountsSchema>

/** A run's scope as stored: the ones a user asks for, and 'new_rows' for a run started by rows arriving. */
export const aiStoredRunScopeSchema = z.enum([...aiRunScopeSchema.options, 'new_rows'])
export type AiStoredRunScope = z.infer<typeof aiStoredRunScopeSchema>

/** The column's 'Run on new rows' settings and this month's spending under its cap. */
export const aiAutoRunSchema = z.object({
  enabled: z.boolean(),
  coverStale: z.boolean(),
  monthlyCap: z.number().int().nullable(),
  /** Credits auto-runs spent this calendar month (UTC). */
  spentThisMonth: z.number().int(),
  /** When this month's cap was reached: auto-runs wait for next month or a higher cap. */
  pausedAt: z.string().nullable(),
})
export type AiAutoRun = z.infer<typeof aiAutoRunSchema>

export const aiRunSchema = z.object({
  scope: aiStoredRunScopeSchema,
  total: z.number().int(),
  budget: z.number().int().nullable(),
  creditsSpent: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Why a run stopped before its cells were done: 'budget', 'cancelled', 'no_credits'. */
  stopReason: z.string().nullable(),
})
export type AiRun = z.infer<typeof aiRunSchema>

export const aiFieldSchema = z.object({
  id: z.string(),
  uploadId: z.string(),
  /** The AI column's key in `upload_columns` and in each row's `data`. */
  columnKey: z.string(),
  name: z.string(),
  prompt: z.string(),
  promptVersion: z.number().int(),
  outputType: aiOutputTypeSchema,
  webSearch: z.boolean(),
  /** Where the values come from: null for the prompt (an AI model), an HTTP request per row, or a waterfall of steps. */
  source: z.discriminatedUnion('kind', [httpSourceViewSchema, waterfallSourceViewSchema]).nullable(),
  status: aiFieldStatusSchema,
  counts: aiFieldCountsSchema,
  /** processed / total of the current or last run, for the progress banner. */
  processedRows: z.number().int(),
  totalRows: z.number().int(),
  run: aiRunSchema.nullable(),
  autoRun: aiAutoRunSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AiField = z.infer<typeof aiFieldSchema>

/** GET .../ai-fields: the upload's AI columns, and its rows with at least one AI value. */
export const aiFieldListSchema = z.object({ fields: z.array(aiFieldSchema), enrichedRows: z.number().int() })

/** Which rows a run or an estimate takes. `rowIndexes` for 'selected', `view` for 'view'. */
export const aiRunRequestSchema = z
  .object({
    scope: aiRunScopeSchema,
    rowIndexes: z.array(z.number().int().min(0)).max(AI.maxSelectedRows).optional(),
    view: rowViewSchema.optional(),
    /** Stop the run when this many credits are spent. */
    budget: z.number().int().min(1).max(10_000_000).optional(),
  })
  .refine((r) => r.scope !== 'selected' || (r.rowIndexes?.length ?? 0) > 0, {
    message: AI_FIELD_MESSAGES.selectRows,
    path: ['rowIndexes'],
  })
export type AiRunRequest = z.infer<typeof aiRunRequestSchema>

/** Where the estimated time comes from: recent calls of the same provider and model, or an assumption before any. */
export const aiRunTimingSchema = z.object({
  basis: z.enum(['history', 'assumed']),
  /** Recent calls the latency was averaged over (0 when assumed). */
  sampleCalls: z.number().int(),
  secondsPerCall: z.number(),
  /** Calls in flight at once (AI_CONCURRENCY). */
  concurrency: z.number().int(),
})
export type AiRunTiming = z.infer<typeof aiRunTimingSchema>

/** POST .../estimate: what a run of this scope would do, confirmed by the user first. */
export const aiRunEstimateSchema = z.object({
  scope: aiRunScopeSchema,
  /** Rows in the scope. */
  rows: z.number().int(),
  /** Cells the run would compute: rows in scope, capped by the budget. */
  cells: z.number().int(),
  /** Provider calls (and charges) among them: identical inputs are asked once, their copies are free. */
  calls: z.number().int(),
  creditsPerCell: z.number().int(),
  credits: z.number().int(),
  balance: z.number().int(),
  /** True when the balance (or the user's own key) covers the run. */
  covered: z.boolean(),
  ownKey: z.boolean(),
  budget: z.number().int().nullable(),
  estimatedSeconds: z.number(),
  timing: aiRunTimingSchema,
  provider: z.string().nullable(),
  model: z.string().nullable(),
  /**
   * A waterfall's costs (decision 037): `credits` above is the worst case (every step called for
   * every call); `expectedCredits` weighs each step by the share of calls that reach it, from each
   * step's acceptance rate so far in this file (a step never tried counts as accepting nothing).
   */
  waterfall: z
    .object({
      worstCaseCredits: z.number().int(),
      expectedCredits: z.number().int(),
      steps: z.array(
        z.object({
          kind: z.enum(['ai', 'http', 'formula']),
          creditsPerCall: z.number().int(),
          /** Cells of this file that tried the step, and those it gave their value. */
          tried: z.number().int(),
          accepted: z.number().int(),
          acceptanceRate: z.number().nullable(),
          /** The share of calls expected to reach the step. */
          reachRate: z.number(),
        }),
      ),
    })
    .nullable()
    .optional(),
})
export type AiRunEstimate = z.infer<typeof aiRunEstimateSchema>

export const aiRunStartedSchema = z.object({ started: z.boolean(), total_rows: z.number().int(), field: aiFieldSchema })
export type AiRunStarted = z.infer<typeof aiRunStartedSchema>

/** POST /api/uploads/:id/ai-fields/test: the prompt on one of the first 1000 rows. */
export const testAiPromptSchema = z.object({
  prompt,
  rowIndex: z.number().int().min(0),
  outputType: aiOutputTypeSchema.default({ kind: 'text' }),
  webSearch: z.boolean().default(false),
})
export type TestAiPromptInput = z.infer<typeof testAiPromptSchema>

export const testAiPromptResultSchema = z.object({
  value: aiCellValueSchema,
  display: z.string(),
  /** The prompt as sent for this row (fixed part and row values). */
  renderedPrompt: z.string(),
  provenance: aiProvenanceSchema,
  /** Null when the user's own key answered (nothing charged). */
  remainingCredits: z.number().nullable(),
})
export type TestAiPromptResult = z.infer<typeof testAiPromptResultSchema>

export const aiRunActionSchema = z.enum(['pause', 'resume', 'cancel'])
export type AiRunAction = z.infer<typeof aiRunActionSchema>

/** GET .../ai-fields/:fieldId/cells?rowIndexes=1,2,3 (the rows on screen). */
export const aiCellsQuerySchema = z.object({
  rowIndexes: z
    .string()
    .regex(/^\d+(,\d+)*$/, AI_FIELD_MESSAGES.rowIndexesFormat)
    .transform((s) => s.split(',').map(Number))
    .pipe(z.array(z.number().int().min(0)).max(500)),
})

/** A column's example (decision 038): a value the user corrected and the row's inputs then. */
export const aiFieldExampleSchema = z.object({
  id: z.string(),
  rowIndex: z.number().int(),
  /** The prompt's columns (by their names now) and their values when the value was corrected. */
  inputs: z.array(z.object({ column: z.string(), value: z.string() })),
  value: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AiFieldExample = z.infer<typeof aiFieldExampleSchema>

/** GET .../ai-fields/:fieldId/examples (and the answer to a removal): newest first. */
export const aiFieldExampleListSchema = z.object({ examples: z.array(aiFieldExampleSchema) })
export type AiFieldExampleList = z.infer<typeof aiFieldExampleListSchema>

/** Where the app's AI comes from, for the dialog and API Settings ("not configured" shows how to connect). */
export const aiProviderStatusSchema = z.object({
  configured: z.boolean(),
  provider: z.string().nullable(),
  model: z.string().nullable(),
  webSearch: z.boolean(),
  ownKey: z.boolean(),
  message: z.string().nullable(),
})
export type AiProviderStatus = z.infer<typeof aiProviderStatusSchema>

/** GET /api/ai/stats: rows with at least one AI value, over every file. */
export const aiStatsSchema = z.object({ enrichedRows: z.number().int() })
