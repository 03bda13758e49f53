import { Hono } from 'hono'
import { clientSecurityEventSchema } from '#common/schemas/billing'
import type { AppEnv } from '#server/platform/hono-env'
import { requireUser } from '#server/platform/require-user'
import { validate } from '#server/platform/validate'
import { recordClientSecurityEvent } from './security.service.ts'
import { securityEventRecordedSchema } from '#common/schemas/billing'
import { documented } from '#server/platform/openapi'

export const securityRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post('/events', documented({ response: securityEventRecordedSchema, status: 201 }), validate('json', clientSecurityEventSchema), async (c) => {
    const { event_type, details } = c.req.valid('json')
    await recordClientSecurityEvent({ userId: c.var.user.id, eventType: event_type, details, userAgent: c.req.header('user-agent') ?? null })
    return c.json({ recorded: true as const }, 201)
  })
