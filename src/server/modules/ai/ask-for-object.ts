import { generateText, NoObjectGeneratedError, Output, type ModelMessage } from 'ai'
import type { z } from 'zod'
import { storableJson } from '#common/input-bounds'
import { env } from '#server/env'
import { logger } from '#server/platform/logger'
import { parseJsonText } from './ai-output.ts'
import type { AiCredentials } from './ai-credentials.ts'
import { createLanguageModel } from './language-model.ts'
import { limiterFor } from './provider-limiter.ts'
import { callTuning, withRetries } from './retry-policy.ts'

export type ObjectAnswer<T> = { ok: true; value: T } | { ok: false; error: string }

/** One call's outcome: the object, or the SDK's verdict that the reply was not it (not a provider failure, so not retried). */
type Attempt<T> = { value: T } | { noObject: NoObjectGeneratedError }

/**
 * One structured answer from the model (a chat plan or a summary): the answer must parse into
 * `schema`; prose, a fence or a wrong shape gets one repair call that says what was wrong, then
 * the call fails (CONVENTIONS 19). Calls share the account's limiter and the retry policy with AI
 * runs (the SDK's own retries are off). Chat makes one or two calls a question, so it goes
 * through `generateText` (the AI runs' per-cell CPU reasons for calling the model directly do not
 * apply here).
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
  const limiter = limiterFor(credentials, env.AI_CONCURRENCY, env.AI_REQUESTS_PER_MINUTE)
  const model = createLanguageModel(credentials)
  const callOnce = async (messages: ModelMessage[]): Promise<Attempt<T>> => {
    await limiter.acquire()
    try {
      const result = await generateText({
        model,
        system,
        messages,
        output: Output.object({ schema, name }),
        maxRetries: 0,
        abortSignal: AbortSignal.timeout(callTuning.timeoutMs),
        providerOptions: { openai: { strictJsonSchema: false } },
      })
      // A model's text is data: what PostgreSQL cannot store (a NUL) is dropped, never a failed write.
      return { value: storableJson(result.output as T) }
    } catch (error) {
      if (NoObjectGeneratedError.isInstance(error)) return { noObject: error }
      throw error
    } finally {
      limiter.release()
    }
  }
  // A person waits on the answer: a provider's long Retry-After fails the question now (it is refunded).
  const call = (messages: ModelMessage[]) => withRetries(() => callOnce(messages), { interactive: true })
  // The SDK reads bare JSON only; a reply in a code fence is the same answer, as it is for cells.
  const fenced = (error: NoObjectGeneratedError) => {
    const parsed = schema.safeParse(parseJsonText(error.text ?? ''))
    return parsed.success ? storableJson(parsed.data) : undefined
  }
  const messages: ModelMessage[] = [{ role: 'user', content: user }]
  const first = await call(messages)
  if (!first.ok) {
    logger.warn({ event: 'chat.call_failed', provider: credentials.provider, attempt: first.attempt, err: first.error })
    return { ok: false, error: first.failure.message }
  }
  if ('value' in first.value) return { ok: true, value: first.value.value }
  const error = first.value.noObject
  const value = fenced(error)
  if (value !== undefined) return { ok: true, value }
  const problem = error.cause instanceof Error ? error.cause.message.slice(0, 300) : 'it is not the JSON object asked for'
  const repair = await call([
    ...messages,
    { role: 'assistant', content: error.text || '(empty)' },
    { role: 'user', content: `That answer does not fit: ${problem}. Answer again with JSON only, as asked.` },
  ])
  if (!repair.ok) {
    logger.warn({ event: 'chat.repair_failed', provider: credentials.provider, attempt: repair.attempt, err: repair.error })
    return { ok: false, error: repair.failure.message }
  }
  if ('value' in repair.value) return { ok: true, value: repair.value.value }
  const repaired = fenced(repair.value.noObject)
  if (repaired !== undefined) return { ok: true, value: repaired }
  logger.warn({ event: 'chat.repair_failed', provider: credentials.provider, err: repair.value.noObject })
  return { ok: false, error: 'The AI answer did not fit the plan format.' }
}
