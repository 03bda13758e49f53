import { and, eq, gte, sql } from 'drizzle-orm'
import { SECURITY_MONITOR } from '#common/constants'
import { db } from '#server/db/client'
import { auditLogs, loginHistory, securityEvents } from '#server/db/schema/index'
import { AppError } from '#server/platform/app-error'
import { logger } from '#server/platform/logger'

export type SecuritySeverity = 'low' | 'medium' | 'high' | 'critical'

export async function recordAudit(entry: {
  userId: string | null
  action: string
  tableName: string
  recordId?: string
  details?: unknown
}) {
  await db.insert(auditLogs).values(entry)
}

export async function recordLogin(entry: {
  userId: string
  method: 'email' | 'google'
  ipAddress: string | null
  userAgent: string | null
}) {
  await db.insert(loginHistory).values(entry)
}

/** Stored for the audit trail and logged, so an operator's log search finds it too. */
export async function recordSecurityEvent(entry: {
  userId: string | null
  eventType: string
  severity: SecuritySeverity
  details?: Record<string, unknown>
}) {
  logger.warn({ event: 'security.event', ...entry })
  await db.insert(securityEvents).values({
    userId: entry.userId,
    eventType: entry.eventType,
    severity: entry.severity,
    details: entry.details ?? null,
  })
}

/** Severity is the server's call, not the client's (000 §6: a bypass attempt is high). */
const severityByClientEvent = { payment_gate_blocked: 'medium', payment_bypass_attempt: 'high' } as const

/**
 * A report from the browser (the payment gate, a bypass attempt). A user's browser may send
 * `SECURITY_MONITOR.clientEventsPerWindow` an hour; more is refused, so a script cannot fill the
 * table.
 */
export async function recordClientSecurityEvent(input: {
  userId: string
  eventType: keyof typeof severityByClientEvent
  details?: Record<string, unknown>
  userAgent: string | null
}) {
  const since = new Date(Date.now() - SECURITY_MONITOR.clientEventWindowMs)
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, input.userId), gte(securityEvents.createdAt, since), sql`${securityEvents.details}->>'source' = 'client'`))
  if ((row?.n ?? 0) >= SECURITY_MONITOR.clientEventsPerWindow) {
    throw new AppError('RATE_LIMITED', 'Too many reports from this browser. Try again later.')
  }
  await recordSecurityEvent({
    userId: input.userId,
    eventType: input.eventType,
    severity: severityByClientEvent[input.eventType],
    details: { ...input.details, source: 'client', userAgent: input.userAgent },
  })
}

/** True when the user already has this event since `since`: the monitor reports a burst once. */
export async function hasRecentSecurityEvent(input: { userId: string; eventType: string; since: Date }) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.userId, input.userId),
        eq(securityEvents.eventType, input.eventType),
        gte(securityEvents.createdAt, input.since),
      ),
    )
  return (row?.n ?? 0) > 0
}

export async function listSecurityEvents({ userId }: { userId: string }) {
  return db
    .select()
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(sql`${securityEvents.createdAt} desc`)
    .limit(100)
}
