import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { ApiErrorBody } from '#common/errors'
import { API_TOKEN_MESSAGES } from '#common/messages'
import { AppError } from '#server/platform/app-error'
import { clientIp } from '#server/platform/client-ip'
import type { AppEnv } from '#server/platform/hono-env'
import { authenticateApiToken } from './api-tokens.service.ts'
import { failedBearerAttempts } from './failed-attempts.ts'
import { scopeAllows, scopeNeeded } from './token-scope.ts'

const bearerScheme = /^Bearer(?:[ \t]|$)/i
const bearerPattern = /^Bearer[ \t]+(\S+)[ \t]*$/i

const tooManyRequests = (c: Context<AppEnv>, message: string, retryAfterSeconds: number) =>
  c.json<ApiErrorBody>({ error: { code: 'RATE_LIMITED', message } }, 429, { 'Retry-After': String(retryAfterSeconds) })

/**
 * Before every `/api/*` route: a request with `Authorization: Bearer <token>` acts as the token's
 * user, so `requireUser` and everything after it (the payment gate, credits, per-user queries)
 * apply as for a session. A `Bearer` header without a valid token is a 401, never a silent
 * fall-back to the cookie; an address with too many of those this minute gets a 429 before any
 * lookup. A `read` token is refused (403) on anything that changes data or spends credits. Other
 * schemes are not ours (a proxy's Basic auth in front of a staging server): they are ignored, and
 * the cookie decides.
 */
export const bearerAuth = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('authorization')
  if (header === undefined || !bearerScheme.test(header.trim())) return next()
  const address = clientIp(c)
  const blockedFor = failedBearerAttempts.blockedFor(address)
  if (blockedFor !== null) return tooManyRequests(c, API_TOKEN_MESSAGES.tooManyFailures(blockedFor), blockedFor)

  const token = bearerPattern.exec(header)?.[1]
  if (!token) {
    failedBearerAttempts.recordFailure(address)
    throw new AppError('UNAUTHORIZED', API_TOKEN_MESSAGES.missing)
  }
  const result = await authenticateApiToken({ token })
  if (result.status === 'refused') {
    failedBearerAttempts.recordFailure(address)
    throw new AppError('UNAUTHORIZED', result.message)
  }
  if (result.status === 'rate_limited') {
    return tooManyRequests(c, API_TOKEN_MESSAGES.rateLimited(result.retryAfterSeconds), result.retryAfterSeconds)
  }
  if (!scopeAllows(result.token.scope, scopeNeeded(c.req.method, c.req.path))) {
    throw new AppError('FORBIDDEN', API_TOKEN_MESSAGES.readScopeRefused(c.req.method))
  }
  c.set('user', result.user)
  c.set('authMethod', 'token')
  c.set('apiToken', result.token)
  await next()
})
