import { and, eq, gt, sql } from 'drizzle-orm'
import { AUTH_RATE_LIMIT } from '#common/constants'
import type { AuthMode } from '#common/schemas/auth'
import { db } from '#server/db/client'
import { authAttempts, twoFactor, user } from '#server/db/schema/index'

/** The spec's limiter (000 §5): per mode and e-mail, 5 failed attempts per 15 minutes. */

export type AttemptKey = { mode: AuthMode; email: string }

const keyOf = ({ mode, email }: AttemptKey) => `${mode}:${email.trim().toLowerCase()}`

/**
 * Counts one attempt and answers, from the same statement, the minutes until the caller may try
 * again (null when this attempt may go ahead). Counting before the attempt runs, in one upsert,
 * keeps the limit exact under concurrency: of twenty parallel attempts exactly five go through.
 * A window that has passed starts again at 1.
 */
export async function countAuthAttempt(attempt: AttemptKey, now = new Date()): Promise<number | null> {
  const windowStart = new Date(now.getTime() - AUTH_RATE_LIMIT.windowMs)
  const [row] = await db
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
    .returning({ count: authAttempts.count, windowStartedAt: authAttempts.windowStartedAt })
  if (!row || row.count <= AUTH_RATE_LIMIT.maxAttempts) return null
  const windowEndsAt = row.windowStartedAt.getTime() + AUTH_RATE_LIMIT.windowMs
  return Math.max(1, Math.ceil((windowEndsAt - now.getTime()) / 60_000))
}

export async function resetAuthAttempts(attempt: AttemptKey) {
  await db.delete(authAttempts).where(eq(authAttempts.key, keyOf(attempt)))
}

/**
 * Minutes until a user locked out of the code step (too many wrong codes) may try again, or null
 * when the account is not locked.
 */
export async function twoFactorRetryAfterMinutes(userId: string, now = new Date()): Promise<number | null> {
  const [row] = await db
    .select({ lockedUntil: twoFactor.lockedUntil })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), gt(twoFactor.lockedUntil, now)))
  if (!row?.lockedUntil) return null
  return Math.max(1, Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 60_000))
}

export async function hasTwoFactorEnabled(userId: string) {
  const [row] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId))
  return row?.on ?? false
}
