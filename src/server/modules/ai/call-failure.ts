import { APICallError } from 'ai'
import { AI_FIELD_MESSAGES } from '#common/messages'
import { causedByRefusedAddress } from '#server/platform/guarded-fetch'

/**
 * What a failed provider call means, for AI runs and chat alike: whether to try again, the
 * message the user reads, and how long the provider asked us to wait (`Retry-After`).
 */
export type CallFailure = { retryable: boolean; message: string; waitMs: number | null }

/** The provider's `retry-after-ms`, or `Retry-After` in seconds or as an HTTP date; null without one. */
export function retryAfterMs(headers: Record<string, string> | undefined, now: number = Date.now()): number | null {
  if (!headers) return null
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))
  const ms = Number(lower['retry-after-ms'])
  if (Number.isFinite(ms) && ms >= 0) return ms
  const value = lower['retry-after']
  if (!value) return null
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(value)
  return Number.isFinite(date) ? Math.max(0, date - now) : null
}

export function classifyCallFailure(error: unknown): CallFailure {
  if (causedByRefusedAddress(error)) return { retryable: false, message: AI_FIELD_MESSAGES.providerAddressRefused, waitMs: null }
  if (APICallError.isInstance(error)) {
    const status = error.statusCode ?? 0
    if (status === 401 || status === 403) return { retryable: false, message: AI_FIELD_MESSAGES.providerRejectedKey, waitMs: null }
    if (status === 429 || status === 408 || status >= 500 || status === 0) {
      return { retryable: true, message: AI_FIELD_MESSAGES.providerUnavailable, waitMs: retryAfterMs(error.responseHeaders) }
    }
    return { retryable: false, message: `The AI provider refused the request (${status}): ${error.message.slice(0, 300)}`, waitMs: null }
  }
  const name = (error as { name?: string } | null)?.name
  if (name === 'TimeoutError' || name === 'AbortError') return { retryable: true, message: AI_FIELD_MESSAGES.providerTimeout, waitMs: null }
  // An SDK retry error carries the provider's own failure.
  const cause = (error as { lastError?: unknown } | null)?.lastError
  if (cause) return classifyCallFailure(cause)
  // Connection refused or reset: the provider may come back.
  return { retryable: true, message: AI_FIELD_MESSAGES.providerUnavailable, waitMs: null }
}
