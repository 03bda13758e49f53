/** The fake OpenAI-compatible server's port for the browser tests (e2e/global-setup.ts starts it). */
export const FAKE_AI_PORT = Number(process.env.FAKE_AI_PORT ?? 3191)

/** The fake's answers take this long by default: a journey sees cells queued and running first. */
export const FAKE_AI_LATENCY_MS = 250

/**
 * A prompt that contains this marker is answered after FAKE_AI_SLOW_LATENCY_MS instead, so a
 * journey can open a cell while it is still running and watch it finish.
 */
export const FAKE_AI_SLOW_MARKER = '(take your time)'
export const FAKE_AI_SLOW_LATENCY_MS = 5000
