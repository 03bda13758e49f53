import { z } from 'zod'
import { AI, HTTP_SOURCE, SECRETS, WATERFALL } from '../constants.ts'
import { AI_FIELD_MESSAGES, SECRET_MESSAGES, SOURCE_MESSAGES, WATERFALL_MESSAGES } from '../messages.ts'
import { FORMULA_LIMITS } from './formula.ts'

/**
 * Sources beyond one model (issue 43): HTTP API columns (a templated request per row and paths
 * into its JSON answer) and the named secrets their templates use. docs/api/http-columns.md.
 */

/** A secret's name as templates write it: `{secret:HUNTER_KEY}`. */
export const secretNameSchema = z
  .string()
  .trim()
  .min(1, SECRET_MESSAGES.nameRequired)
  .max(SECRETS.maxNameLength, SECRET_MESSAGES.nameTooLong(SECRETS.maxNameLength))
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, SECRET_MESSAGES.nameFormat)

/** PUT /api/secrets/:name: saves (or replaces) a secret; its value is never shown again. */
export const saveSecretSchema = z
  .object({
    value: z
      .string()
      .min(1, SECRET_MESSAGES.valueRequired)
      .max(SECRETS.maxValueLength, SECRET_MESSAGES.valueTooLong(SECRETS.maxValueLength))
      .refine((v) => !/[\r\n\0]/.test(v), SECRET_MESSAGES.valueControlCharacters),
  })
  .strict()
export type SaveSecretInput = z.infer<typeof saveSecretSchema>

/** A saved secret as every answer shows it: its name and dates, never its value. */
export const secretSummarySchema = z.object({ name: z.string(), createdAt: z.string(), updatedAt: z.string() })
export type SecretSummary = z.infer<typeof secretSummarySchema>
export const secretListSchema = z.object({ secrets: z.array(secretSummarySchema) })

const headerNameSchema = z
  .string()
  .trim()
  .min(1, SOURCE_MESSAGES.headerNameRequired)
  .max(200)
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, SOURCE_MESSAGES.headerNameFormat)

const templateText = (max: number) => z.string().max(max, SOURCE_MESSAGES.templateTooLong(max))

const pairSchema = (name: z.ZodType<string>) => z.object({ name, value: templateText(HTTP_SOURCE.maxHeaderValueLength) }).strict()

/** One path into the JSON answer (JMESPath, e.g. `data.email`, `results[0].domain`; `@` is the whole answer). */
export const httpOutputSchema = z
  .object({
    path: z.string().trim().min(1, SOURCE_MESSAGES.pathRequired).max(HTTP_SOURCE.maxPathLength),
    /** The column it fills; the first output fills the column the request is made for. */
    name: z.string().trim().min(1, AI_FIELD_MESSAGES.nameRequired).max(AI.maxNameLength, AI_FIELD_MESSAGES.nameTooLong(AI.maxNameLength)),
  })
  .strict()
export type HttpOutput = z.infer<typeof httpOutputSchema>

/** The request an HTTP API column sends for each row, with `{Column}` and `{secret:NAME}` references. */
export const httpRequestSchema = z
  .object({
    method: z.enum(HTTP_SOURCE.methods).default('GET'),
    url: z.string().trim().min(1, SOURCE_MESSAGES.urlRequired).max(HTTP_SOURCE.maxUrlLength, SOURCE_MESSAGES.templateTooLong(HTTP_SOURCE.maxUrlLength)),
    headers: z.array(pairSchema(headerNameSchema)).max(HTTP_SOURCE.maxHeaders).default([]),
    query: z.array(pairSchema(z.string().trim().min(1, SOURCE_MESSAGES.queryNameRequired).max(200))).max(HTTP_SOURCE.maxQueryParams).default([]),
    /** JSON text; a reference inside a JSON string is escaped for it, one outside becomes a JSON string. */
    body: templateText(HTTP_SOURCE.maxBodyLength).nullable().default(null),
  })
  .strict()
export type HttpRequestTemplate = z.infer<typeof httpRequestSchema>

/** The source's own limits: calls at once and per minute, a call's timeout, retries on 429 and 5xx. */
export const httpLimitsSchema = z
  .object({
    concurrency: z.number().int().min(1).max(HTTP_SOURCE.maxConcurrency).default(HTTP_SOURCE.defaultConcurrency),
    requestsPerMinute: z.number().int().min(1).max(HTTP_SOURCE.maxRequestsPerMinute).nullable().default(null),
    timeoutMs: z.number().int().min(HTTP_SOURCE.minTimeoutMs).max(HTTP_SOURCE.maxTimeoutMs).default(HTTP_SOURCE.defaultTimeoutMs),
    retries: z.number().int().min(0).max(HTTP_SOURCE.maxRetries).default(HTTP_SOURCE.defaultRetries),
  })
  .strict()
export type HttpLimits = z.infer<typeof httpLimitsSchema>

/** What an HTTP field keeps: its request, limits, and the columns its outputs fill. */
export type HttpSource = {
  kind: 'http'
  request: HttpRequestTemplate
  outputs: Array<{ path: string; columnKey: string }>
  limits: HttpLimits
}

/** The source as answers show it (secrets stay references: their values are never in it). */
export const httpSourceViewSchema = z.object({
  kind: z.literal('http'),
  request: httpRequestSchema,
  /** Each path and the column it fills (the first: the field's own column). */
  outputs: z.array(z.object({ path: z.string(), columnKey: z.string() })),
  limits: httpLimitsSchema,
})
export type HttpSourceView = z.infer<typeof httpSourceViewSchema>

/** What answers a column that is not a bare prompt: an HTTP request, or a waterfall of steps. */
export type FieldSource = HttpSource | WaterfallSource

/**
 * One step a cell's value came through: an HTTP column's request, or each step a waterfall tried,
 * in order (decision 037). Fields a step kind does not have are absent (cells written before the
 * waterfall have only the HTTP ones).
 */
export const cellStepSchema = z.object({
  kind: z.enum(['ai', 'http', 'formula']),
  /**
   * accepted: its value is the cell's; rejected: it answered, its acceptance rule said no; empty:
   * it answered nothing; error: no answer (a failed call, a 4xx); unpaid: not called, its credits could not be spent.
   */
  outcome: z.enum(['accepted', 'rejected', 'empty', 'error', 'unpaid']),
  /** The waterfall step's place, from 0. */
  step: z.number().int().optional(),
  /** The step's value as text, when it answered (accepted or not). */
  value: z.string().nullable().optional(),
  /** An AI step's confidence (0 to 1). */
  confidence: z.number().nullable().optional(),
  /** An AI step's model. */
  model: z.string().nullable().optional(),
  /** The HTTP status, when an answer came. */
  status: z.number().int().nullable(),
  /** The request's method and URL with secrets masked. */
  request: z.string().nullable(),
  latencyMs: z.number().int(),
  attempts: z.number().int(),
  credits: z.number().int(),
  /** The start of the answer when it gave no value (a 4xx, a non-JSON answer, a path that found nothing), or why a step failed. */
  excerpt: z.string().nullable(),
})
export type CellStep = z.infer<typeof cellStepSchema>

/**
 * An acceptance rule (decision 037): a formula that says yes or no over the step's answer, read
 * as `{value}` (text) and `{confidence}` (a number from 0 to 1; empty for steps without one).
 */
export const acceptRuleSchema = z.string().trim().min(1).max(FORMULA_LIMITS.maxLength).default(WATERFALL.defaultAcceptRule)

const aiStepSchema = z
  .object({
    kind: z.literal('ai'),
    prompt: z.string().trim().min(1, AI_FIELD_MESSAGES.promptRequired).max(AI.maxPromptLength, AI_FIELD_MESSAGES.promptTooLong(AI.maxPromptLength)),
    /** A model of the user's provider (a cheap one first, a stronger one later); null: the provider's own. */
    model: z.string().trim().min(1).max(WATERFALL.maxModelLength).nullable().default(null),
    webSearch: z.boolean().default(false),
    accept: acceptRuleSchema,
  })
  .strict()

const httpStepSchema = z
  .object({
    kind: z.literal('http'),
    request: httpRequestSchema,
    /** The JMESPath whose value is the step's value. */
    path: z.string().trim().min(1, SOURCE_MESSAGES.pathRequired).max(HTTP_SOURCE.maxPathLength),
    limits: httpLimitsSchema.default({
      concurrency: HTTP_SOURCE.defaultConcurrency,
      requestsPerMinute: null,
      timeoutMs: HTTP_SOURCE.defaultTimeoutMs,
      retries: HTTP_SOURCE.defaultRetries,
    }),
    accept: acceptRuleSchema,
  })
  .strict()

const formulaStepSchema = z
  .object({
    kind: z.literal('formula'),
    /** A formula over the row's columns, as formula columns write it. */
    formula: z.string().trim().min(1).max(FORMULA_LIMITS.maxLength),
    accept: acceptRuleSchema,
  })
  .strict()

/** One step of a waterfall: an AI prompt, an HTTP request or a formula, with its acceptance rule. */
export const waterfallStepSchema = z.discriminatedUnion('kind', [aiStepSchema, httpStepSchema, formulaStepSchema])
export type WaterfallStepInput = z.input<typeof waterfallStepSchema>
export type WaterfallStep = z.infer<typeof waterfallStepSchema>

export const waterfallStepsSchema = z
  .array(waterfallStepSchema)
  .min(WATERFALL.minSteps, WATERFALL_MESSAGES.stepsRequired)
  .max(WATERFALL.maxSteps, WATERFALL_MESSAGES.tooManySteps(WATERFALL.maxSteps))

/** What a waterfall field keeps: its steps, in the order they are tried. */
export type WaterfallSource = { kind: 'waterfall'; steps: WaterfallStep[] }

export const waterfallSourceViewSchema = z.object({ kind: z.literal('waterfall'), steps: z.array(waterfallStepSchema) })
