import { APICallError, generateText, NoObjectGeneratedError, Output, type ModelMessage } from 'ai'
import type { z } from 'zod'
import { storableJson } from '#common/input-bounds'
import { AI } from '#common/constants'
import { AI_FIELD_MESSAGES } from '#common/messages'
import { env } from '#server/env'
import { logger } from '#server/platform/logger'
import { parseJsonText } from '#server/modules/enrichment/lib/ai-output'
import { accountKey, type AiCredentials } from '#server/modules/enrichment/providers/ai-credentials'
import { createLanguageModel } from '#server/modules/enrichment/providers/language-model'
import { limiterFor } from '#server/modules/enrichment/providers/rate-limiter'

/** Timings of chat's provider calls; tests shorten them. */
export const chatTuning = { maxRetries: 2, timeoutMs: AI.callTimeoutMs as number }

export type ObjectAnswer<T> = { ok: true; value: T } | { ok: false; error: string }

function failureMessage(error: unknown): string {
  if (APICallError.isInstance(error)) {
    const status = error.statusCode ?? 0
    if (status === 401 || status === 403) return AI_FIELD_MESSAGES.providerRejectedKey
    if (status === 429 || status >= 500 || status === 0) return AI_FIELD_MESSAGES.providerUnavailable
    return `The AI provider refused the request (${status}).`
  }
  const name = (error as { name?: string } | null)?.name
  if (name === 'TimeoutError' || name === 'AbortError') return AI_FIELD_MESSAGES.providerTimeout
  const cause = (error as { lastError?: unknown } | null)?.lastError
  return cause ? failureMessage(cause) : AI_FIELD_MESSAGES.providerUnavailable
}

/**
 * One structured answer from the model (a chat plan or a summary): the answer must parse into
 * `schema`; prose, a fence or a wrong shape gets one repair call that says what was wrong, then
 * the call fails (CONVENTIONS 19). Calls share the account's limiter with AI runs. Chat makes one
 * or two calls a question, so it goes through `generateText` (the AI runs' per-cell CPU reasons
 * for calling the model directly do not apply here).
 */
export async function askForObject<T>({
  credentials,
  system,
  user,
  schema,
  name,
}: {
  credentials: AiCredentials
  system: string
  user: string
  schema: z.ZodType<T>
  name: string
}): Promise<ObjectAnswer<T>> {
  const limiter = limiterFor(accountKey(credentials), env.AI_CONCURRENCY, env.AI_REQUESTS_PER_MINUTE)
  const model = createLanguageModel(credentials)
  const call = async (messages: ModelMessage[]) => {
    await limiter.acquire()
    try {
      const result = await generateText({
        model,
        system,
        messages,
        output: Output.object({ schema, name }),
        maxRetries: chatTuning.maxRetries,
        abortSignal: AbortSignal.timeout(chatTuning.timeoutMs),
        providerOptions: { openai: { strictJsonSchema: false } },
      })
      // A model's text is data: what PostgreSQL cannot store (a NUL) is dropped, never a failed write.
      return storableJson(result.output as T)
    } finally {
      limiter.release()
    }
  }
  // The SDK reads bare JSON only; a reply in a code fence is the same answer, as it is for cells.
  const fenced = (error: NoObjectGeneratedError) => {
    const parsed = schema.safeParse(parseJsonText(error.text ?? ''))
    return parsed.success ? storableJson(parsed.data) : undefined
  }
  const messages: ModelMessage[] = [{ role: 'user', content: user }]
  try {
    return { ok: true, value: await call(messages) }
  } catch (error) {
    if (NoObjectGeneratedError.isInstance(error)) {
      const value = fenced(error)
      if (value !== undefined) return { ok: true, value }
    }
    if (!NoObjectGeneratedError.isInstance(error)) {
      logger.warn({ event: 'chat.call_failed', provider: credentials.provider, err: error })
      return { ok: false, error: failureMessage(error) }
    }
    const problem = error.cause instanceof Error ? error.cause.message.slice(0, 300) : 'it is not the JSON object asked for'
    try {
      return {
        ok: true,
        value: await call([
          ...messages,
          { role: 'assistant', content: error.text || '(empty)' },
          { role: 'user', content: `That answer does not fit: ${problem}. Answer again with JSON only, as asked.` },
        ]),
      }
    } catch (repairError) {
      if (NoObjectGeneratedError.isInstance(repairError)) {
        const value = fenced(repairError)
        if (value !== undefined) return { ok: true, value }
      }
      logger.warn({ event: 'chat.repair_failed', provider: credentials.provider, err: repairError })
      return { ok: false, error: NoObjectGeneratedError.isInstance(repairError) ? 'The AI answer did not fit the plan format.' : failureMessage(repairError) }
    }
  }
}
