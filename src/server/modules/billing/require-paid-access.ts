import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '#server/platform/hono-env'
import { assertPaidAccessOrThrow } from './payment-gate.ts'

/**
 * The fast first answer of the paid API routes (after `requireUser`). It is not the guard: the
 * services and jobs that spend ask the same gate themselves (payment-gate.ts), whatever door.
 */
export const requirePaidAccess = createMiddleware<AppEnv>(async (c, next) => {
  await assertPaidAccessOrThrow({ userId: c.var.user.id, details: { source: 'server', method: c.req.method, path: c.req.path } })
  await next()
})
