import { z } from 'zod'
import { HTTP_SOURCE } from '../constants.ts'
import { SOURCE_MESSAGES } from '../messages.ts'
import { aiAutoRunSettingsSchema, aiCellValueSchema } from './enrichment.ts'
import { httpLimitsSchema, httpOutputSchema, httpRequestSchema } from './sources.ts'

/** The HTTP API column's requests (issue 43): its creation and 'Test on a row'. */

/** POST /api/uploads/:id/http-fields: the column (and one more per further output), its request and limits. */
export const createHttpFieldSchema = z
  .object({
    request: httpRequestSchema,
    outputs: z
      .array(httpOutputSchema)
      .min(1, SOURCE_MESSAGES.outputRequired)
      .max(HTTP_SOURCE.maxOutputs, SOURCE_MESSAGES.tooManyOutputs(HTTP_SOURCE.maxOutputs)),
    limits: httpLimitsSchema.default({
      concurrency: HTTP_SOURCE.defaultConcurrency,
      requestsPerMinute: null,
      timeoutMs: HTTP_SOURCE.defaultTimeoutMs,
      retries: HTTP_SOURCE.defaultRetries,
    }),
    autoRun: aiAutoRunSettingsSchema.optional(),
  })
  .strict()
export type CreateHttpFieldInput = z.infer<typeof createHttpFieldSchema>

/** POST /api/uploads/:id/http-fields/test: the request on one row, before a run. */
export const testHttpRequestSchema = z
  .object({
    request: httpRequestSchema,
    outputs: z.array(httpOutputSchema).min(1, SOURCE_MESSAGES.outputRequired).max(HTTP_SOURCE.maxOutputs),
    timeoutMs: z.number().int().min(HTTP_SOURCE.minTimeoutMs).max(HTTP_SOURCE.maxTimeoutMs).default(HTTP_SOURCE.defaultTimeoutMs),
    rowIndex: z.number().int().min(0),
  })
  .strict()
export type TestHttpRequestInput = z.infer<typeof testHttpRequestSchema>

export const testHttpResultSchema = z.object({
  /** The request as sent, secrets shown as `••••`. */
  sent: z.object({ method: z.string(), url: z.string(), headers: z.array(z.object({ name: z.string(), value: z.string() })), body: z.string().nullable() }),
  /** Null when no answer came (refused address, timeout, connection failure): `error` says why. */
  status: z.number().int().nullable(),
  /** The answer's text, cut to its first characters. */
  response: z.string().nullable(),
  responseTruncated: z.boolean(),
  latencyMs: z.number().int(),
  /** What each path picked: the value as the column would show it, or why it picked nothing. */
  picked: z.array(z.object({ name: z.string(), path: z.string(), value: aiCellValueSchema, display: z.string().nullable(), error: z.string().nullable() })),
  error: z.string().nullable(),
})
export type TestHttpResult = z.infer<typeof testHttpResultSchema>

