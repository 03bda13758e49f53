import { eq, sql } from 'drizzle-orm'
import { AUTH_RATE_LIMIT } from '#common/constants'
import type { AuthMode } from '#common/schemas/auth'
import { db } from '#server/db/client'
import { authAttempts } from '#server/db/schema/index'

/** The spec's limiter (000 §5): per mode and e-mail, 5 failed attempts per 15 minutes. */

export type AttemptKey = { mode: AuthMode; email: string }

const keyOf = ({ mode, email }: AttemptKey) => `${mode}:${email.trim().toLowerCase()}`

/** Minutes until the caller may try again, or null when an attempt is allowed now. */
export async function getAuthRetryMinutes(attempt: AttemptKey, now = new Date()): Promise<number | null> {
  const [row] = await db.select().from(authAttempts).where(eq(authAttempts.key, keyOf(attempt)))
  if (!row || row.count < AUTH_RATE_LIMIT.maxAttempts) return null
  const windowEndsAt = row.windowStartedAt.getTime() + AUTH_RATE_LIMIT.windowMs
  if (windowEndsAt <= now.getTime()) return null
  return Math.max(1, Math.ceil((windowEndsAt - now.getTime()) / 60_000))
}

/** Counts one attempt; a window that has passed starts again at 1. Atomic under concurrency. */
export async function recordAuthAttempt(attempt: AttemptKey, now = new Date()) {
  const windowStart = new Date(now.getTime() - AUTH_RATE_LIMIT.windowMs)
  await db
    .insert(authAttempts)
    .values({ key: keyOf(attempt), count: 1, windowStartedAt: now, lastAttemptAt: now })
    .onConflictDoUpdate({
      target: authAttempts.key,
      set: {
        count: sql`CASE WHEN ${authAttempts.windowStartedAt} <= ${windowStart} THEN 1 ELSE ${authAttempts.count} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${authAttempts.windowStartedAt} <= ${windowStart} THEN ${now} ELSE ${authAttempts.windowStartedAt} END`,
        lastAttemptAt: now,
      },
    })
}

export async function resetAuthAttempts(attempt: AttemptKey) {
  await db.delete(authAttempts).where(eq(authAttempts.key, keyOf(attempt)))
}
