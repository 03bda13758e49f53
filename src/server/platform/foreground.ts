import { AsyncLocalStorage } from 'node:async_hooks'
import type { MiddlewareHandler } from 'hono'

/**
 * PGlite is one database session on this process's thread: a statement of background work (an
 * import's COPY batch, an index build) holds every request behind it for as long as it runs. The
 * background steps of long work therefore wait for the requests: between two steps they let the
 * event loop in, and wait while any request is being answered (up to `maxWaitMs`, so the work
 * always moves on, however busy the server is). On PostgreSQL the sessions are separate and this
 * waits for nothing.
 */

let inFlight = 0
/** Each waiter goes on once no more than its own request (0 or 1) is being answered. */
let waiters: Array<{ own: number; wake: () => void }> = []
let lastRequestEndedAt = 0
/**
 * Set while a counted request is answered, with the moment it started: whole-file work a request
 * does itself (a formula column added, duplicates removed) does not wait for that request, and on
 * PGlite the request started first takes the next turn (`takeTurns`, db/client.ts).
 */
const inRequest = new AsyncLocalStorage<{ startedAt: number }>()

/** When the request being answered started (`performance.now()`), undefined outside one. */
export const requestStartedAt = (): number | undefined => inRequest.getStore()?.startedAt

/**
 * Counts the API requests being answered. Live event streams and file downloads stay open for
 * minutes and are not counted: background work would wait for them for nothing.
 */
export function trackForeground(): MiddlewareHandler {
  return async (c, next) => {
    if (isLongLived(c.req.path, c.req.header('accept'))) return next()
    inFlight += 1
    try {
      await inRequest.run({ startedAt: performance.now() }, next)
    } finally {
      inFlight -= 1
      lastRequestEndedAt = performance.now()
      wakeWaiters()
    }
  }
}

const isLongLived = (path: string, accept: string | undefined) =>
  accept?.includes('text/event-stream') === true || path.endsWith('/events') || /\/exports(\/|$)/.test(path) || path.endsWith('/download')

function wakeWaiters() {
  const woken = waiters.filter((waiter) => inFlight <= waiter.own)
  if (woken.length === 0) return
  waiters = waiters.filter((waiter) => inFlight > waiter.own)
  for (const waiter of woken) waiter.wake()
}

/** The requests being answered now (for tests and logs). */
export const foregroundRequests = () => inFlight

/**
 * Resolves once the event loop has run and no request is being answered, or after `maxWaitMs`.
 * Call it between the steps of long background work on PGlite. Called while a request is being
 * answered (the work is that request's own), it waits for the other requests only.
 */
export async function yieldToForeground(maxWaitMs = 500): Promise<void> {
  const own = inRequest.getStore() ? 1 : 0
  await new Promise((resolve) => setImmediate(resolve))
  if (inFlight <= own) return
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      waiters = waiters.filter((waiter) => waiter !== entry)
      resolve()
    }, maxWaitMs)
    const entry = {
      own,
      wake: () => {
        clearTimeout(timer)
        resolve()
      },
    }
    waiters.push(entry)
  })
  // A request that ends often starts another at once (the grid asks for rows, then counts):
  // one more turn of the loop lets it in before the next step.
  await new Promise((resolve) => setImmediate(resolve))
}

/**
 * How long no request must have come before PGlite's background statements that hold every request
 * behind them run (a large file's sort indexes, its duplicate labels): right after an import the
 * user is looking at the grid.
 */
export const PGLITE_IDLE_MS = 10_000

/**
 * Resolves when no request has been answered for `quietMs` (checked every `quietMs`), for work
 * that should run only when nobody is waiting, such as building an index on a large table.
 */
export async function waitForIdle(quietMs = 1000): Promise<void> {
  for (;;) {
    // A statement that just ended may have held the loop while requests arrived: let them in
    // (they are counted once read) before deciding the server is idle.
    await new Promise((resolve) => setImmediate(resolve))
    const quietFor = performance.now() - lastRequestEndedAt
    if (inFlight === 0 && quietFor >= quietMs) return
    await new Promise((resolve) => setTimeout(resolve, Math.max(50, quietMs - (inFlight === 0 ? quietFor : 0))))
  }
}
