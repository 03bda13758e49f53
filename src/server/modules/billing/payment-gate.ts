import { eq } from 'drizzle-orm'
import { hasPaidAccess } from '#common/billing-rules'
import { PAYMENT_MESSAGES } from '#common/messages'
import { db } from '#server/db/client'
import { subscribers } from '#server/db/schema/index'
import { recordSecurityEvent } from '#server/modules/security/security.service'
import { AppError } from '#server/platform/app-error'
import type { Executor } from './billing-db.ts'

/**
 * The payment gate (000 §4), where credits are spent (CONVENTIONS 23, decision 031): every
 * function that charges or calls a paid provider for a user asks it, whatever door the request
 * came through (a route, an MCP tool, a job that runs days later). Route middleware
 * (`requirePaidAccess`) is only the fast first answer.
 */

type SubscriberFacts = Pick<typeof subscribers.$inferSelect, 'subscribed' | 'paymentMethodValid' | 'trialEndsAt' | 'gracePeriodEndsAt'>

export function accessFactsOf(row: SubscriberFacts) {
  return {
    subscribed: row.subscribed,
    paymentMethodValid: row.paymentMethodValid,
    trialEndsAt: row.trialEndsAt,
    gracePeriodEndsAt: row.gracePeriodEndsAt,
  }
}

/** Whether the user may spend now, read from the database each time (no subscriber row: no). */
export async function hasPaidAccessNow(userId: string, executor: Executor = db): Promise<boolean> {
  const [row] = await executor
    .select({
      subscribed: subscribers.subscribed,
      paymentMethodValid: subscribers.paymentMethodValid,
      trialEndsAt: subscribers.trialEndsAt,
      gracePeriodEndsAt: subscribers.gracePeriodEndsAt,
    })
    .from(subscribers)
    .where(eq(subscribers.userId, userId))
  return row !== undefined && hasPaidAccess(accessFactsOf(row))
}

/** Records a refusal of the gate as a security event whose `details` say which door it came from. */
export async function recordGateBlocked(userId: string, details: Record<string, unknown>) {
  await recordSecurityEvent({ userId, eventType: 'payment_gate_blocked', severity: 'medium', details })
}

/** The error every door answers a user without access with: one message (402). */
export const paymentRequiredError = () => new AppError('PAYMENT_REQUIRED', PAYMENT_MESSAGES.gateBlocked)

/** The gate for a request a person is waiting on: refused with the one message, and recorded. */
export async function assertPaidAccessOrThrow({ userId, details }: { userId: string; details: Record<string, unknown> }) {
  if (await hasPaidAccessNow(userId)) return
  await recordGateBlocked(userId, details)
  throw paymentRequiredError()
}
