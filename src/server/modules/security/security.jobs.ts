import { and, count, gte, isNotNull, lt, sql } from 'drizzle-orm'
import { z } from 'zod'
import { BILLING, SECURITY_MONITOR } from '#common/constants'
import { db } from '#server/db/client'
import { creditTransactions, loginHistory } from '#server/db/schema/index'
import { logger } from '#server/platform/logger'
import { defineJob } from '#server/platform/queue'
import { hasRecentSecurityEvent, recordSecurityEvent } from './security.service.ts'

async function usersWithRapidLogins(since: Date) {
  return db
    .select({ userId: loginHistory.userId, logins: count() })
    .from(loginHistory)
    .where(gte(loginHistory.createdAt, since))
    .groupBy(loginHistory.userId)
    .having(sql`count(*) > ${SECURITY_MONITOR.rapidLoginCount}`)
}

async function usersWithExcessiveCredits(since: Date) {
  return db
    .select({ userId: creditTransactions.userId, spent: sql<number>`sum(-${creditTransactions.amount})::int` })
    .from(creditTransactions)
    .where(and(gte(creditTransactions.createdAt, since), lt(creditTransactions.amount, 0), isNotNull(creditTransactions.userId)))
    .groupBy(creditTransactions.userId)
    .having(sql`sum(-${creditTransactions.amount}) > ${SECURITY_MONITOR.excessiveCreditAmount}`)
}

/**
 * The security monitor (000 §8): more than 5 sign-ins in 5 minutes (high), more than 100 credits
 * spent in 10 minutes (medium). A burst already reported within its window is not reported again,
 * so a monitor running every 2 minutes logs one event per burst.
 */
export async function runSecurityMonitor(now = new Date()) {
  const loginSince = new Date(now.getTime() - SECURITY_MONITOR.rapidLoginWindowMs)
  const creditSince = new Date(now.getTime() - SECURITY_MONITOR.excessiveCreditWindowMs)
  let logged = 0
  for (const { userId, logins } of await usersWithRapidLogins(loginSince)) {
    if (await hasRecentSecurityEvent({ userId, eventType: 'rapid_login_attempts', since: loginSince })) continue
    await recordSecurityEvent({
      userId,
      eventType: 'rapid_login_attempts',
      severity: 'high',
      details: { logins, windowMinutes: SECURITY_MONITOR.rapidLoginWindowMs / 60_000 },
    })
    logged += 1
  }
  for (const { userId, spent } of await usersWithExcessiveCredits(creditSince)) {
    if (!userId) continue
    if (await hasRecentSecurityEvent({ userId, eventType: 'excessive_credit_usage', since: creditSince })) continue
    await recordSecurityEvent({
      userId,
      eventType: 'excessive_credit_usage',
      severity: 'medium',
      details: { credits: Number(spent), windowMinutes: SECURITY_MONITOR.excessiveCreditWindowMs / 60_000 },
    })
    logged += 1
  }
  logger.info({ event: 'security.monitor.run', logged })
  return { logged }
}

export const securityMonitorJob = defineJob({
  name: 'security.monitor',
  schema: z.object({}).passthrough(),
  cron: BILLING.securityMonitorCron,
  retryLimit: 0,
  expireInSeconds: 60,
  handler: async () => {
    await runSecurityMonitor()
  },
})
