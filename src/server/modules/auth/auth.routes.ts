import { Hono } from 'hono'
import type { AuthMode } from '#common/schemas/auth'
import { AUTH_MESSAGES } from '#common/messages'
import { clientIp } from '#server/platform/client-ip'
import type { AppEnv } from '#server/platform/hono-env'
import { auth, CLIENT_IP_HEADER } from './auth.ts'
import { getAuthRetryMinutes, recordAuthAttempt, resetAuthAttempts } from './auth.service.ts'

const limitedPaths: Record<string, AuthMode> = {
  '/api/auth/sign-in/email': 'signin',
  '/api/auth/sign-up/email': 'signup',
  '/api/auth/request-password-reset': 'forgotPassword',
}

async function readEmail(request: Request): Promise<string | null> {
  try {
    const body = (await request.clone().json()) as { email?: unknown }
    return typeof body.email === 'string' && body.email.trim() ? body.email : null
  } catch {
    return null
  }
}

/**
 * Better Auth at its default `/api/auth`. Around it: the client IP header, and the spec's
 * per-mode-and-e-mail limiter. Failed attempts count and a success resets the counter; for
 * forgot-password every request counts, since each one sends a mail.
 */
export const authRoutes = new Hono<AppEnv>().on(['GET', 'POST'], '/*', async (c) => {
  const headers = new Headers(c.req.raw.headers)
  headers.set(CLIENT_IP_HEADER, clientIp(c))
  const request = new Request(c.req.raw, { headers })

  const mode = c.req.method === 'POST' ? limitedPaths[c.req.path] : undefined
  const email = mode ? await readEmail(request) : null
  if (!mode || !email) return auth.handler(request)

  const attempt = { mode, email }
  const retryAfterMinutes = await getAuthRetryMinutes(attempt)
  if (retryAfterMinutes !== null) {
    return c.json(
      { code: 'RATE_LIMITED', message: AUTH_MESSAGES.rateLimitBody(retryAfterMinutes), retryAfterMinutes },
      429,
      { 'Retry-After': String(retryAfterMinutes * 60) },
    )
  }
  const response = await auth.handler(request)
  if (response.ok && mode !== 'forgotPassword') await resetAuthAttempts(attempt)
  else await recordAuthAttempt(attempt)
  return response
})
