import { SOURCE_MESSAGES } from '#common/messages'
import type { AiCellValue } from '#common/schemas/enrichment'
import type { CellStep, HttpSource as HttpSourceConfig } from '#common/schemas/sources'
import type { AiFieldRow } from '#server/db/schema/index'
import { env } from '#server/env'
import { ProviderLimiter } from '#server/modules/ai/provider-limiter'
import { excerptOf, redactAnswer, sendHttpRequest } from '#server/modules/sources/http-call'
import { renderRequest, type TemplateColumn } from '#server/modules/sources/http-template'
import { pickPath } from '#server/modules/sources/json-paths'
import { AppError } from '#server/platform/app-error'
import { NO_TOKENS, type CellSource, type SourceAnswer } from './cell-source.ts'
import type { ClaimedCell } from './outcomes.ts'

/**
 * An HTTP API column's source (issue 43): the row's request, sent within the column's own limits
 * (calls at once and per minute, per column and process), its answer's paths picked. A 4xx, a
 * non-JSON answer or a first path that finds nothing is a cell state with the status and an
 * excerpt, never a value. Values of further paths fill their own columns (an object keyed by
 * column, split by the writer).
 */

const limiters = new Map<string, ProviderLimiter>()

function limiterOf(fieldId: string, config: HttpSourceConfig) {
  const key = `${fieldId}|${config.limits.concurrency}|${config.limits.requestsPerMinute ?? ''}`
  let limiter = limiters.get(key)
  if (!limiter) {
    limiter = new ProviderLimiter(config.limits.concurrency, config.limits.requestsPerMinute ?? undefined)
    limiters.set(key, limiter)
  }
  return limiter
}

/** The value a cell keeps: one path's value, or each column's value when the request fills several. */
export function cellValueOf(config: HttpSourceConfig, picked: AiCellValue[]): AiCellValue {
  if (config.outputs.length === 1) return picked[0] ?? null
  const record: Record<string, string | number | boolean | null> = {}
  config.outputs.forEach((output, i) => {
    const value = picked[i] ?? null
    record[output.columnKey] = typeof value === 'object' && value !== null ? JSON.stringify(value) : value
  })
  return record
}

export class HttpCellSource implements CellSource {
  readonly provider = 'http'
  readonly model: string
  readonly ownKey = false
  readonly perCell = env.HTTP_SOURCE_CREDITS_PER_CALL
  readonly operation = 'http_source_call' as const
  readonly concurrency: number
  readonly inputKeys: readonly string[]
  private readonly limiter: ProviderLimiter

  constructor(
    field: Pick<AiFieldRow, 'id'>,
    private readonly config: HttpSourceConfig,
    private readonly columns: TemplateColumn[],
    private readonly secrets: Map<string, string>,
  ) {
    this.model = hostOf(config.request.url)
    this.concurrency = config.limits.concurrency
    this.inputKeys = columns.map((c) => c.key)
    this.limiter = limiterOf(field.id, config)
  }

  async call(cell: ClaimedCell): Promise<SourceAnswer> {
    const values = { columns: this.columns, row: cell.data, secrets: this.secrets }
    let rendered
    let shown
    try {
      rendered = renderRequest(this.config.request, values)
      shown = renderRequest(this.config.request, { ...values, maskSecrets: true })
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      return { ok: false, error: error.message, tokens: NO_TOKENS, calls: 0, steps: null }
    }
    await this.limiter.acquire()
    let answer
    try {
      answer = redactAnswer(await sendHttpRequest(rendered, { timeoutMs: this.config.limits.timeoutMs, retries: this.config.limits.retries }), this.secrets)
    } finally {
      this.limiter.release()
    }
    const step: CellStep = {
      kind: 'http',
      outcome: 'accepted',
      status: answer.status,
      request: `${shown.method} ${shown.url}`,
      latencyMs: answer.latencyMs,
      attempts: answer.attempts,
      credits: this.perCell,
      excerpt: null,
    }
    if (!answer.ok) {
      return { ok: false, error: answer.error, tokens: NO_TOKENS, calls: answer.attempts, steps: [{ ...step, outcome: 'error', excerpt: excerptOf(answer.text) || null }] }
    }
    const picked = this.config.outputs.map((o) => pickPath(answer.json, o.path))
    if (picked[0] === null) {
      const excerpt = excerptOf(answer.text)
      return {
        ok: false,
        error: SOURCE_MESSAGES.pathFoundNothing(this.config.outputs[0]!.path, excerpt),
        tokens: NO_TOKENS,
        calls: answer.attempts,
        steps: [{ ...step, outcome: 'empty', excerpt: excerpt || null }],
      }
    }
    return {
      ok: true,
      value: cellValueOf(this.config, picked),
      reasoning: null,
      confidence: null,
      sources: [],
      tokens: NO_TOKENS,
      latencyMs: answer.latencyMs,
      calls: answer.attempts,
      steps: [step],
    }
  }
}

export function hostOf(urlTemplate: string) {
  return /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(urlTemplate)?.[1] ?? 'http'
}
