import { API_TOKENS } from '#common/constants'

const WINDOW_MS = 60_000
/** Addresses tracked in one minute at most; past it new addresses go uncounted rather than grow memory. */
const MAX_ADDRESSES = 50_000

/**
 * Refused bearer calls per client address in a fixed minute, kept in this process's memory: a
 * guess at tokens costs no database write and, once limited, no database work at all. It is per
 * process (decision 019): behind a load balancer each API process allows its own
 * `API_TOKENS.failedAttemptsPerMinute`, which bounds guessing as well, since 256-bit tokens cannot
 * be guessed; what it protects is the database.
 */
export function createFailedAttemptLimiter({ limit = API_TOKENS.failedAttemptsPerMinute as number, now = () => Date.now() } = {}) {
  let windowStart = 0
  const failures = new Map<string, number>()

  function roll() {
    const current = Math.floor(now() / WINDOW_MS) * WINDOW_MS
    if (current !== windowStart) {
      windowStart = current
      failures.clear()
    }
  }
  const retryAfterSeconds = () => Math.max(1, Math.ceil((windowStart + WINDOW_MS - now()) / 1000))

  return {
    /** Seconds to wait when the address has used up its failures this minute, else null. */
    blockedFor(address: string): number | null {
      roll()
      return (failures.get(address) ?? 0) >= limit ? retryAfterSeconds() : null
    },
    recordFailure(address: string) {
      roll()
      const count = failures.get(address)
      if (count === undefined && failures.size >= MAX_ADDRESSES) return
      failures.set(address, (count ?? 0) + 1)
    },
  }
}

export const failedBearerAttempts = createFailedAttemptLimiter()
