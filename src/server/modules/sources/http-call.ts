import { HTTP_SOURCE } from '#common/constants'
import { SOURCE_MESSAGES } from '#common/messages'
import { env } from '#server/env'
import { ResponseTooLargeError } from '#server/platform/agent-fetch'
import { causedByRefusedAddress, createGuardedFetch } from '#server/platform/guarded-fetch'
import { retryAfterMs } from '#server/modules/ai/call-failure'
import { callTuning, retryClock, retryDelayMs } from '#server/modules/ai/retry-policy'
import { redactSecrets, type RenderedRequest } from './http-template.ts'

/**
 * One HTTP API column request (issue 43): through the guarded client (public addresses only
 * unless the operator allows private ones, no redirect followed, the answer capped), within the
 * column's timeout, tried again on 429, 408, 5xx, timeouts and lost connections after the
 * source's Retry-After (or a back-off), up to the column's retries.
 */

const sourceFetch = createGuardedFetch({ allowPrivate: () => env.ALLOW_PRIVATE_SOURCE_URLS }, { maxResponseBytes: HTTP_SOURCE.maxResponseBytes })

export type HttpAnswer =
  | { ok: true; status: number; text: string; json: unknown; latencyMs: number; attempts: number }
  | { ok: false; status: number | null; text: string | null; error: string; latencyMs: number; attempts: number }

/** The answer with the request's secrets masked in its text, its error and its JSON (redactSecrets). */
export function redactAnswer(answer: HttpAnswer, secrets: Map<string, string>): HttpAnswer {
  if (secrets.size === 0) return answer
  const text = answer.text === null ? null : redactSecrets(answer.text, secrets)
  if (!answer.ok) return { ...answer, text, error: redactSecrets(answer.error, secrets) }
  return { ...answer, text: text!, json: text!.trim() === '' ? null : (JSON.parse(text!) as unknown) }
}

/** The start of an answer on one line, for a cell's state and its details. */
export function excerptOf(text: string | null, chars: number = HTTP_SOURCE.excerptChars) {
  if (!text) return ''
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > chars ? `${line.slice(0, chars)}…` : line
}

type Attempt = { status: number | null; text: string | null; error: string | null; retryable: boolean; waitMs: number | null }

async function attemptOnce(request: RenderedRequest, timeoutMs: number): Promise<Attempt> {
  const host = new URL(request.url).host
  try {
    const response = await sourceFetch(request.url, {
      method: request.method,
      headers: [['Accept', 'application/json'], ...request.headers.map((h): [string, string] => [h.name, h.value])],
      body: request.body ?? undefined,
      signal: AbortSignal.timeout(timeoutMs),
    })
    const text = await response.text()
    const status = response.status
    if (status >= 200 && status < 300) return { status, text, error: null, retryable: false, waitMs: null }
    if (status >= 300 && status < 400) return { status, text, error: SOURCE_MESSAGES.redirect(status, host), retryable: false, waitMs: null }
    const retryable = status === 429 || status === 408 || status >= 500
    const waitMs = retryable ? retryAfterMs(Object.fromEntries(response.headers.entries())) : null
    return { status, text, error: SOURCE_MESSAGES.status(status, host, excerptOf(text)), retryable, waitMs }
  } catch (error) {
    if (causedByRefusedAddress(error)) return { status: null, text: null, error: SOURCE_MESSAGES.addressRefused, retryable: false, waitMs: null }
    if (error instanceof ResponseTooLargeError) return { status: null, text: null, error: SOURCE_MESSAGES.tooLarge(HTTP_SOURCE.maxResponseBytes), retryable: false, waitMs: null }
    const name = (error as { name?: string } | null)?.name
    if (name === 'TimeoutError' || name === 'AbortError') return { status: null, text: null, error: SOURCE_MESSAGES.timeout(timeoutMs), retryable: true, waitMs: null }
    return { status: null, text: null, error: SOURCE_MESSAGES.unreachable(host), retryable: true, waitMs: null }
  }
}

/**
 * Sends the request, tried again as above. `interactive` (the test on a row): no wait longer
 * than a person would, the source's long Retry-After fails the call with its status instead.
 */
export async function sendHttpRequest(
  request: RenderedRequest,
  { timeoutMs, retries, interactive = false }: { timeoutMs: number; retries: number; interactive?: boolean },
): Promise<HttpAnswer> {
  const started = Date.now()
  for (let attempt = 1; ; attempt += 1) {
    const result = await attemptOnce(request, timeoutMs)
    const latencyMs = Date.now() - started
    if (result.error === null) {
      const text = result.text ?? ''
      try {
        return { ok: true, status: result.status!, text, json: text.trim() === '' ? null : JSON.parse(text), latencyMs, attempts: attempt }
      } catch {
        return { ok: false, status: result.status, text, error: SOURCE_MESSAGES.notJson(new URL(request.url).host, excerptOf(text)), latencyMs, attempts: attempt }
      }
    }
    const delay = retryDelayMs(attempt, result.waitMs)
    const mayWait = !interactive || delay <= callTuning.interactiveWaitMaxMs
    if (!result.retryable || attempt > retries || !mayWait) {
      return { ok: false, status: result.status, text: result.text, error: result.error, latencyMs, attempts: attempt }
    }
    await retryClock.sleep(delay)
  }
}
