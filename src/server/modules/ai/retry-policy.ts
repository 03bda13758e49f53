import { AI } from '#common/constants'
import { classifyCallFailure, type CallFailure } from './call-failure.ts'

/** Timings of provider calls, for AI runs and chat alike; tests and benchmarks shorten them. */
export const callTuning = {
  timeoutMs: AI.callTimeoutMs as number,
  maxAttempts: AI.maxAttempts as number,
  backoffBaseMs: AI.backoffBaseMs as number,
  backoffMaxMs: AI.backoffMaxMs as number,
  /** A Retry-After longer than this is cut to it, so a call never waits for hours. */
  retryAfterMaxMs: 5 * 60_000,
  /**
   * The longest wait between attempts while a person waits on the answer (a chat question): a
   * provider that asks for more fails the call now with its message, instead of holding the
   * request for minutes. Background runs take the provider's wait (up to `retryAfterMaxMs`).
   */
  interactiveWaitMaxMs: 20_000,
}

/** Who waits on a call: a background run, or a person on the other end of a request. */
export type RetryOptions = { signal?: AbortSignal; interactive?: boolean }

function sleepUnlessAborted(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    }, { once: true })
  })
}

/** The wait between attempts; tests replace `sleep` to see it without waiting. */
export const retryClock = { sleep: sleepUnlessAborted }

/** The provider's own wait when it gave one (capped), else exponential back-off with jitter. */
export function retryDelayMs(attempt: number, hinted: number | null) {
  if (hinted !== null) return Math.min(hinted, callTuning.retryAfterMaxMs)
  const exp = Math.min(callTuning.backoffMaxMs, callTuning.backoffBaseMs * 2 ** (attempt - 1))
  return exp / 2 + Math.random() * (exp / 2)
}

export type RetriedCall<T> = { ok: true; value: T } | { ok: false; failure: CallFailure; error: unknown; attempt: number }

/**
 * The one retry policy of provider calls: 429, 408, 5xx, timeouts and lost connections are tried
 * again up to `maxAttempts`, after the provider's `Retry-After` when it sent one; anything else
 * (a refused key, a bad request) fails at once. A call aborted by its caller is not retried, and
 * an interactive one does not wait longer than `interactiveWaitMaxMs` between attempts.
 */
export async function withRetries<T>(call: () => Promise<T>, { signal, interactive = false }: RetryOptions = {}): Promise<RetriedCall<T>> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return { ok: true, value: await call() }
    } catch (error) {
      const failure = classifyCallFailure(error)
      if (signal?.aborted) return { ok: false, failure: { ...failure, retryable: false }, error, attempt }
      if (!failure.retryable || attempt >= callTuning.maxAttempts) return { ok: false, failure, error, attempt }
      const delay = retryDelayMs(attempt, failure.waitMs)
      if (interactive && delay > callTuning.interactiveWaitMaxMs) return { ok: false, failure, error, attempt }
      await retryClock.sleep(delay, signal)
    }
  }
}
