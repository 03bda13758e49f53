import { createMiddleware } from 'hono/factory'
import { AppError } from './app-error.ts'
import type { AppEnv, SessionUser } from './hono-env.ts'

/** Reads a request's session from its headers (the cookie); null when there is none. */
export type SessionLookup = (headers: Headers) => Promise<{ user: SessionUser; session: { id: string } } | null>

let lookupSession: SessionLookup = () => {
  throw new Error('No session lookup: bootstrap() sets it.')
}

/** Set once by `bootstrap()` to the auth module's session reader: platform knows no domain. */
export function setSessionLookup(next: SessionLookup) {
  lookupSession = next
}

/**
 * Resolves the session from the cookie; every user-data route sits behind it. A request with a
 * bearer token already has its user (`bearerAuth`, before every `/api/*` route). Sub-apps mounted on
 * one path each declare it, and Hono runs each of those for the path: the session is read once.
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get('user')) return next()
  const result = await lookupSession(c.req.raw.headers)
  if (!result) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.')
  c.set('user', result.user)
  c.set('sessionId', result.session.id)
  c.set('authMethod', 'session')
  await next()
})
