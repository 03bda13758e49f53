import { Hono } from 'hono'
import { clientSecurityEventSchema } from '#common/schemas/billing'
import type { AppEnv } from '#server/platform/hono-env'
import { requireUser } from '#server/platform/require-user'
import { validate } from '#server/platform/validate'
import { recordSecurityEvent } from './security.service.ts'

/** Severity is the server's call, not the client's (000 §6: a bypass attempt is high). */
const severityByClientEvent = { payment_gate_blocked: 'medium', payment_bypass_attempt: 'high' } as const

export const securityRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post('/events', validate('json', clientSecurityEventSchema), async (c) => {
    const { event_type, details } = c.req.valid('json')
    await recordSecurityEvent({
      userId: c.var.user.id,
      eventType: event_type,
      severity: severityByClientEvent[event_type],
      details: { ...details, source: 'client', userAgent: c.req.header('user-agent') ?? null },
    })
    return c.json({ recorded: true }, 201)
  })
