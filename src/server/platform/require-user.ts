import { createMiddleware } from 'hono/factory'
import { auth } from '#server/modules/auth/auth'
import { AppError } from './app-error.ts'
import type { AppEnv } from './hono-env.ts'

/**
 * Resolves the session from the cookie; every user-data route sits behind it. A request with a
 * bearer token already has its user (`bearerAuth`, before every `/api/*` route). Sub-apps mounted on
 * one path each declare it, and Hono runs each of those for the path: the session is read once.
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get('user')) return next()
  const result = await auth.api.getSession({ headers: c.req.raw.headers })
  if (!result) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.')
  c.set('user', result.user)
  c.set('sessionId', result.session.id)
  c.set('authMethod', 'session')
  await next()
})
