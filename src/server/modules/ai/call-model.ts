import type { JSONSchema7, LanguageModelV3Content, LanguageModelV3Prompt } from '@ai-sdk/provider'
import { storableJson } from '#common/input-bounds'
import { AI_FIELD_MESSAGES } from '#common/messages'
import type { AiOutputType, AiTokenUsage } from '#common/schemas/enrichment'
import { env } from '#server/env'
import { logger } from '#server/platform/logger'
import { answerJsonSchema, parseAnswer, parseBareAnswer, type ParsedAnswer } from './ai-output.ts'
import type { AiCredentials } from './ai-credentials.ts'
import type { CallFailure } from './call-failure.ts'
import { createLanguageModel } from './language-model.ts'
import { limiterFor } from './provider-limiter.ts'
import { callTuning, withRetries } from './retry-policy.ts'

export type ModelCallInput = {
  credentials: AiCredentials
  fixedPart: string
  rowPart: string
  /** The column's examples chosen for this row (decision 038), sent between the fixed part and the row. */
  examplesPart?: string | null
  outputType: AiOutputType
  signal?: AbortSignal
  /** A person waits on this call (a prompt test): see `RetryOptions`. */
  interactive?: boolean
}

export type ModelCallResult =
  | {
      ok: true
      answer: ParsedAnswer
      sources: string[]
      tokens: AiTokenUsage
      latencyMs: number
      /** HTTP calls made, retries and the repair included. */
      calls: number
    }
  | { ok: false; error: string; calls: number; tokens: AiTokenUsage }

const addTokens = (a: AiTokenUsage, b: AiTokenUsage): AiTokenUsage => ({
  input: a.input + b.input,
  output: a.output + b.output,
  cached: a.cached === null && b.cached === null ? null : (a.cached ?? 0) + (b.cached ?? 0),
})

type RawAnswer = { text: string; sources: string[]; tokens: AiTokenUsage }

/** A run's cells share one credentials object: its model (an SDK provider) is made once, not per call. */
const models = new WeakMap<AiCredentials, ReturnType<typeof createLanguageModel>>()
function languageModelOf(credentials: AiCredentials) {
  let model = models.get(credentials)
  if (!model) {
    model = createLanguageModel(credentials)
    models.set(credentials, model)
  }
  return model
}

/** The answer's text and the web sources among a response's content parts. */
function readContent(content: LanguageModelV3Content[]) {
  let text = ''
  const sources: string[] = []
  for (const part of content) {
    if (part.type === 'text') text += part.text
    else if (part.type === 'source' && part.sourceType === 'url') sources.push(part.url)
  }
  return { text, sources }
}

/**
 * One provider call: a slot of the account's limiter, a timeout, no retry of the SDK's own. The
 * provider's model is called directly (`doGenerate`, the SDK's language model interface) rather
 * than through `generateText`: a cell needs one step, no tools, and its own parsing and retries,
 * and `generateText`'s prompt validation, telemetry and output parsing were about a third of a
 * busy worker's CPU per cell (docs/decisions/012-ai-calls-through-the-model-interface.md).
 */
async function callOnce(input: ModelCallInput, prompt: LanguageModelV3Prompt, counter: CallCounter): Promise<RawAnswer> {
  const limiter = limiterFor(input.credentials, env.AI_CONCURRENCY, env.AI_REQUESTS_PER_MINUTE)
  counter.calls += 1
  await limiter.acquire()
  const began = performance.now()
  // A plain controller and timer: AbortSignal.timeout() costs several times more per call.
  const timeout = new AbortController()
  const timer = setTimeout(() => timeout.abort(new DOMException('The provider call timed out.', 'TimeoutError')), callTuning.timeoutMs)
  try {
    const signal = input.signal ? AbortSignal.any([input.signal, timeout.signal]) : timeout.signal
    const result = await languageModelOf(input.credentials).doGenerate({
      prompt,
      responseFormat: { type: 'json', schema: answerJsonSchema(input.outputType) as JSONSchema7, name: 'cell_answer' },
      providerOptions: { openai: { strictJsonSchema: false } },
      abortSignal: signal,
    })
    const { text, sources } = readContent(result.content)
    return {
      text,
      sources,
      tokens: { input: result.usage.inputTokens.total ?? 0, output: result.usage.outputTokens.total ?? 0, cached: result.usage.inputTokens.cacheRead ?? null },
    }
  } finally {
    clearTimeout(timer)
    counter.ms += performance.now() - began
    limiter.release()
  }
}

/**
 * Calls made for one cell and the time they held a slot of the limiter: the cell's latency is the
 * provider's time, not the wait for a slot (the run estimate divides it by the concurrency).
 */
type CallCounter = { calls: number; ms: number }

/** A call under the one retry policy (`withRetries`): 429, 5xx, timeouts and lost connections again, after Retry-After. */
async function callWithRetries(input: ModelCallInput, prompt: LanguageModelV3Prompt, counter: CallCounter): Promise<RawAnswer | CallFailure> {
  const result = await withRetries(() => callOnce(input, prompt, counter), { signal: input.signal, interactive: input.interactive })
  if (result.ok) return result.value
  if (!input.signal?.aborted) logger.warn({ event: 'enrichment.call_failed', provider: input.credentials.provider, attempt: result.attempt, err: result.error })
  return result.failure
}

/**
 * Asks the model for one cell: structured output first; an answer that is not the JSON object
 * asked for, or does not fit the type, gets one repair call that says what was wrong. Only after
 * that may a bare value be read from the reply, with a low confidence (`parseBareAnswer`).
 */
export async function callModel(input: ModelCallInput): Promise<ModelCallResult> {
  const counter: CallCounter = { calls: 0, ms: 0 }
  const prompt: LanguageModelV3Prompt = [
    // The fixed part first and alone in the system message: providers cache a repeated prefix.
    { role: 'system', content: input.fixedPart, providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } } },
    ...(input.examplesPart ? [{ role: 'system' as const, content: input.examplesPart }] : []),
    { role: 'user', content: [{ type: 'text', text: input.rowPart }] },
  ]
  let tokens: AiTokenUsage = { input: 0, output: 0, cached: null }
  const first = await callWithRetries(input, prompt, counter)
  if ('retryable' in first) return { ok: false, error: first.message, calls: counter.calls, tokens }
  tokens = addTokens(tokens, first.tokens)
  let parsed = parseAnswer(input.outputType, first.text)
  let sources = first.sources
  if (!parsed.ok) {
    const repair = await callWithRetries(
      input,
      [
        ...prompt,
        { role: 'assistant', content: [{ type: 'text', text: first.text || '(empty)' }] },
        { role: 'user', content: [{ type: 'text', text: `That answer does not fit: ${parsed.problem}. Answer again with JSON only, as asked.` }] },
      ],
      counter,
    )
    if ('retryable' in repair) return { ok: false, error: repair.message, calls: counter.calls, tokens }
    tokens = addTokens(tokens, repair.tokens)
    const repaired = parseAnswer(input.outputType, repair.text)
    sources = repair.sources.length > 0 ? repair.sources : sources
    if (!repaired.ok) {
      // A model without a JSON mode may answer a bare value twice: kept, but marked as unchecked.
      const bare = parseBareAnswer(input.outputType, repair.text)
      if (!bare.ok) return { ok: false, error: `${AI_FIELD_MESSAGES.outputMismatch} (${repaired.problem})`, calls: counter.calls, tokens }
      parsed = bare
    } else parsed = repaired
  }
  // A model's text is data: what PostgreSQL cannot store (a NUL) is dropped, never a failed write.
  return { ok: true, answer: storableJson(parsed.answer), sources: storableJson(sources), tokens, latencyMs: Math.round(counter.ms), calls: counter.calls }
}
