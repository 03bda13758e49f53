import { Hono } from 'hono'
import { contactMessageSchema } from '#common/schemas/contact'
import { auth } from '#server/modules/auth/auth'
import { clientIp } from '#server/platform/client-ip'
import type { AppEnv } from '#server/platform/hono-env'
import { validate } from '#server/platform/validate'
import { sendContactMessage } from './contact.service.ts'
import { contactMessageSentSchema } from '#common/schemas/contact'
import { documented } from '#server/platform/openapi'

/** The public contact form; a signed-in sender's message is linked to their account. */
export const contactRoutes = new Hono<AppEnv>().post('/', documented({ response: contactMessageSentSchema, status: 201 }), validate('json', contactMessageSchema), async (c) => {
  // A caller with an API token is its user already (bearerAuth); otherwise the cookie, if any.
  const userId = c.get('user')?.id ?? (await auth.api.getSession({ headers: c.req.raw.headers }))?.user.id ?? null
  const { id } = await sendContactMessage({
    ...c.req.valid('json'),
    ipAddress: clientIp(c),
    userId,
  })
  return c.json({ sent: true as const, id }, 201)
})
