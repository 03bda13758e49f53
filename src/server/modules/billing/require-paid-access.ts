import { createMiddleware } from 'hono/factory'
import { hasPaidAccess } from '#common/billing-rules'
import { PAYMENT_MESSAGES } from '#common/messages'
import { recordSecurityEvent } from '#server/modules/security/security.service'
import { AppError } from '#server/platform/app-error'
import type { AppEnv } from '#server/platform/hono-env'
import { accessFactsOf, getSubscriber } from './subscriptions.service.ts'

/**
 * The server side of the payment gate, for every door that reaches a paid service (a route, an MCP
 * tool): the same rule as the web gate, read from the database each time, and a blocked call is a
 * security event whose `details` say where it came from.
 */
export async function assertPaidAccessOrThrow({ userId, details }: { userId: string; details: Record<string, unknown> }) {
  const row = await getSubscriber({ userId })
  if (hasPaidAccess(accessFactsOf(row))) return
  await recordSecurityEvent({ userId, eventType: 'payment_gate_blocked', severity: 'medium', details })
  throw new AppError('PAYMENT_REQUIRED', PAYMENT_MESSAGES.gateBlocked)
}

/** The payment gate of every paid API route (after `requireUser`). */
export const requirePaidAccess = createMiddleware<AppEnv>(async (c, next) => {
  await assertPaidAccessOrThrow({ userId: c.var.user.id, details: { source: 'server', method: c.req.method, path: c.req.path } })
  await next()
})
