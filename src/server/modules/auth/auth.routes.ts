import { Hono } from 'hono'
import type { AuthMode } from '#common/schemas/auth'
import { AUTH_MESSAGES } from '#common/messages'
import { clientIp } from '#server/platform/client-ip'
import type { AppEnv } from '#server/platform/hono-env'
import { auth, CLIENT_IP_HEADER } from './auth.ts'
import { countAuthAttempt, resetAuthAttempts } from './auth.service.ts'

const limitedPaths: Record<string, AuthMode> = {
  '/api/auth/sign-in/email': 'signin',
  '/api/auth/sign-up/email': 'signup',
  '/api/auth/request-password-reset': 'forgotPassword',
}

const jsonContentType = /^application\/([a-z0-9.+-]*\+)?json/i

/**
 * The e-mail as Better Auth will read it, whatever the body type: it parses JSON, form-encoded
 * and multipart bodies alike (better-call's getBody), so the limiter must too, or a form-encoded
 * attempt would skip it. A repeated field counts by its last value, as there.
 */
async function readEmail(request: Request): Promise<string | null> {
  const contentType = (request.headers.get('content-type') ?? '').toLowerCase()
  let email: unknown
  try {
    if (jsonContentType.test(contentType)) {
      email = ((await request.clone().json()) as { email?: unknown } | null)?.email
    } else if (contentType.includes('application/x-www-form-urlencoded') || contentType.includes('multipart/form-data')) {
      email = (await request.clone().formData()).getAll('email').at(-1)
    }
  } catch {
    return null
  }
  return typeof email === 'string' && email.trim() ? email : null
}

/**
 * Better Auth at its default `/api/auth`. Around it: the client IP header, and the spec's
 * per-mode-and-e-mail limiter. Every attempt counts before it runs and a success resets the
 * counter, so only failures add up; for forgot-password every request counts, since each one
 * sends a mail.
 */
export const authRoutes = new Hono<AppEnv>().on(['GET', 'POST'], '/*', async (c) => {
  const headers = new Headers(c.req.raw.headers)
  headers.set(CLIENT_IP_HEADER, clientIp(c))
  const request = new Request(c.req.raw, { headers })

  // The router also takes a trailing slash; a different spelling must not escape the count.
  const mode = c.req.method === 'POST' ? limitedPaths[c.req.path.toLowerCase().replace(/\/+$/, '')] : undefined
  const email = mode ? await readEmail(request) : null
  if (!mode || !email) return auth.handler(request)

  const attempt = { mode, email }
  const retryAfterMinutes = await countAuthAttempt(attempt)
  if (retryAfterMinutes !== null) {
    return c.json(
      { code: 'RATE_LIMITED', message: AUTH_MESSAGES.rateLimitBody(retryAfterMinutes), retryAfterMinutes },
      429,
      { 'Retry-After': String(retryAfterMinutes * 60) },
    )
  }
  const response = await auth.handler(request)
  if (response.ok && mode !== 'forgotPassword') await resetAuthAttempts(attempt)
  return response
})
