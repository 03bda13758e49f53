import { sql } from 'drizzle-orm'
import { db } from '#server/db/client'
import { rateLimits } from '#server/db/schema/index'
import { AppError } from './app-error.ts'

/**
 * Counts one request against `key` in the current minute (a fixed window, kept in the database
 * so every process counts together) and refuses it past `limit` with a 429 whose details carry
 * `retry_after_seconds`, which `app.onError` sends as `Retry-After`. One statement a request.
 */
export async function takeRateLimitOrThrow({ key, limit, message }: { key: string; limit: number; message: (retryAfterSeconds: number) => string }) {
  const minute = sql`date_trunc('minute', now())`
  const [hit] = await db
    .insert(rateLimits)
    .values({ key, windowStart: minute, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} = excluded.window_start THEN ${rateLimits.count} + 1 ELSE 1 END`,
        windowStart: sql`excluded.window_start`,
      },
    })
    .returning({
      count: rateLimits.count,
      retryAfterSeconds: sql<number>`greatest(1, ceil(extract(epoch from (${minute} + interval '1 minute' - now()))))::int`,
    })
  if (!hit || hit.count <= limit) return
  const retryAfterSeconds = Number(hit.retryAfterSeconds)
  throw new AppError('RATE_LIMITED', message(retryAfterSeconds), { retry_after_seconds: retryAfterSeconds })
}

/** The `Retry-After` of a refusal from `takeRateLimitOrThrow`, for the error handler. */
export function retryAfterOf(error: AppError): number | null {
  if (error.code !== 'RATE_LIMITED') return null
  const seconds = (error.details as { retry_after_seconds?: unknown } | undefined)?.retry_after_seconds
  return typeof seconds === 'number' ? seconds : null
}
