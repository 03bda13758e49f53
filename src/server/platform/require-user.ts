import { createMiddleware } from 'hono/factory'
import { auth } from '#server/modules/auth/auth'
import { AppError } from './app-error.ts'
import type { AppEnv } from './hono-env.ts'

/** Resolves the session from the cookie; every user-data route sits behind it. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const result = await auth.api.getSession({ headers: c.req.raw.headers })
  if (!result) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.')
  c.set('user', result.user)
  c.set('sessionId', result.session.id)
  await next()
})
