import { createMiddleware } from 'hono/factory'
import { hasPaidAccess } from '#common/billing-rules'
import { PAYMENT_MESSAGES } from '#common/messages'
import { recordSecurityEvent } from '#server/modules/security/security.service'
import { AppError } from '#server/platform/app-error'
import type { AppEnv } from '#server/platform/hono-env'
import { accessFactsOf, getSubscriber } from './subscriptions.service.ts'

/**
 * The server side of the payment gate, for every paid API (after `requireUser`): the same rule as
 * the web gate, read from the database on each request, and a blocked call is a security event.
 */
export const requirePaidAccess = createMiddleware<AppEnv>(async (c, next) => {
  const userId = c.var.user.id
  const row = await getSubscriber({ userId })
  if (!hasPaidAccess(accessFactsOf(row))) {
    await recordSecurityEvent({
      userId,
      eventType: 'payment_gate_blocked',
      severity: 'medium',
      details: { source: 'server', method: c.req.method, path: c.req.path },
    })
    throw new AppError('PAYMENT_REQUIRED', PAYMENT_MESSAGES.gateBlocked)
  }
  await next()
})
