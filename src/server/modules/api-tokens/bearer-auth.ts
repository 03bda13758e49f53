import { createMiddleware } from 'hono/factory'
import type { ApiErrorBody } from '#common/errors'
import { API_TOKEN_MESSAGES } from '#common/messages'
import { AppError } from '#server/platform/app-error'
import type { AppEnv } from '#server/platform/hono-env'
import { authenticateApiToken } from './api-tokens.service.ts'

const bearerScheme = /^Bearer(?:[ \t]|$)/i
const bearerPattern = /^Bearer[ \t]+(\S+)[ \t]*$/i

/**
 * Before every `/api/*` route: a request with `Authorization: Bearer <token>` acts as the token's
 * user, so `requireUser` and everything after it (the payment gate, credits, per-user queries)
 * apply as for a session. A `Bearer` header without a well-formed token is a 401, never a silent
 * fall-back to the cookie. Other schemes are not ours (a proxy's Basic auth in front of a staging
 * server): they are ignored, and the cookie decides.
 */
export const bearerAuth = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('authorization')
  if (header === undefined || !bearerScheme.test(header.trim())) return next()
  const token = bearerPattern.exec(header)?.[1]
  if (!token) throw new AppError('UNAUTHORIZED', API_TOKEN_MESSAGES.missing)
  const result = await authenticateApiToken({ token })
  if (result.status === 'rate_limited') {
    return c.json<ApiErrorBody>(
      { error: { code: 'RATE_LIMITED', message: API_TOKEN_MESSAGES.rateLimited(result.retryAfterSeconds) } },
      429,
      { 'Retry-After': String(result.retryAfterSeconds) },
    )
  }
  c.set('user', result.user)
  c.set('authMethod', 'token')
  await next()
})
