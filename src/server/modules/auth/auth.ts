import { trustedOrigins } from '#server/platform/trusted-origins'
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError, createAuthMiddleware } from 'better-auth/api'
import { twoFactor } from 'better-auth/plugins/two-factor'
import { AUTH_RATE_LIMIT, LOGIN_METHOD_COOKIE } from '#common/constants'
import { AUTH_MESSAGES } from '#common/messages'
import { signUpPasswordSchema, signUpSchema } from '#common/schemas/auth'
import type { Database } from '#server/db/client'
import * as schema from '#server/db/schema/index'
import type { Env } from '#server/env'
import { logger } from '#server/platform/logger'
import { mailer } from '#server/platform/mail'
import { passwordResetMail, verificationMail } from '#server/platform/mail-templates'
import { createSubscriber } from '#server/modules/billing/subscriptions.service'
import { recordAudit, recordLogin } from '#server/modules/security/security.service'
import { hasTwoFactorEnabled, twoFactorRetryAfterMinutes } from './auth.service.ts'

/** Our server sets this header from the socket (or the trusted proxy chain); clients cannot. */
export const CLIENT_IP_HEADER = 'x-rowcraft-client-ip'

const loginMethodByPath: Record<string, 'email' | 'google'> = {
  '/sign-in/email': 'email',
  '/verify-email': 'email',
  '/callback/:id': 'google',
  '/two-factor/verify-totp': 'email',
  '/two-factor/verify-backup-code': 'email',
}

/** The sign-in's second step: a code from the authenticator app, or a backup code. */
const twoFactorCodePaths = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code'])
/** Turning two-factor on or off replaces the session; that is not a sign-in. */
const sessionReplacingPaths = new Set(['/two-factor/enable', '/two-factor/disable'])
const TWO_FACTOR_CHALLENGE_COOKIE = 'two_factor'

export function createAuth({ db, env }: { db: Database; env: Env }) {
  return betterAuth({
    appName: 'Rowcraft',
    baseURL: env.PUBLIC_URL,
    basePath: '/api/auth',
    secret: env.APP_SECRET,
    trustedOrigins: trustedOrigins(),
    database: drizzleAdapter(db, { provider: 'pg', schema, usePlural: false }),
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false },
        lastName: { type: 'string', required: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      // The sign-up policy (12+, mixed) is enforced in the before-hook with the dialog's schema;
      // sign-in accepts the spec's minimum of 6 so older passwords still work.
      minPasswordLength: 6,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(passwordResetMail(user.email, user.name, url))
      },
      onPasswordReset: async ({ user }) => {
        await recordAudit({ userId: user.id, action: 'password_reset', tableName: 'account' })
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(verificationMail(user.email, user.name, url))
      },
    },
    socialProviders:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            google: {
              clientId: env.GOOGLE_CLIENT_ID,
              clientSecret: env.GOOGLE_CLIENT_SECRET,
              accessType: 'offline',
              prompt: 'consent',
              mapProfileToUser: (profile) => ({
                firstName: profile.given_name,
                lastName: profile.family_name,
              }),
            },
          }
        : {},
    plugins: [
      twoFactor({
        issuer: 'Rowcraft',
        // The spec's sign-in limit (5 failures, then 15 minutes) holds for the code step too: the
        // plugin counts wrong codes per account across sign-ins, and the before-hook answers a
        // locked account in the limiter's words.
        accountLockout: {
          enabled: true,
          maxFailedAttempts: AUTH_RATE_LIMIT.maxAttempts,
          durationSeconds: AUTH_RATE_LIMIT.windowMs / 1000,
        },
      }),
    ],
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    // A coarse per-IP guard under the spec's per-e-mail limiter (auth.routes.ts). Better Auth's
    // defaults (3 sign-ins per 10 s per IP) would lock out a whole office behind one address.
    rateLimit: {
      enabled: env.NODE_ENV !== 'test',
      storage: 'database',
      modelName: 'rateLimit',
      // Per client address. Better Auth's window restarts only after a quiet `window` (every
      // request moves it on), so a steady stream from one address, such as an office behind one
      // NAT or the browser test suite, needs AUTH_IP_LIMIT_FACTOR.
      window: 60,
      max: 300 * env.AUTH_IP_LIMIT_FACTOR,
      customRules: {
        '/sign-in/*': { window: 60, max: 30 * env.AUTH_IP_LIMIT_FACTOR },
        '/sign-up/*': { window: 60, max: 50 * env.AUTH_IP_LIMIT_FACTOR },
        '/request-password-reset': { window: 60, max: 10 * env.AUTH_IP_LIMIT_FACTOR },
        '/send-verification-email': { window: 60, max: 10 * env.AUTH_IP_LIMIT_FACTOR },
        // The plugin's own 3 per 10 s per IP would refuse a typo and its retry from one office;
        // wrong codes are limited per account by the lockout above.
        '/two-factor/*': { window: 60, max: 30 * env.AUTH_IP_LIMIT_FACTOR },
      },
    },
    advanced: {
      useSecureCookies: env.PUBLIC_URL.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await createSubscriber(user.id)
            await recordAudit({ userId: user.id, action: 'sign_up', tableName: 'user', recordId: user.id })
          },
        },
      },
      session: {
        create: {
          after: async (session, ctx) => {
            if (ctx?.path && sessionReplacingPaths.has(ctx.path)) return
            // With two-factor on, the password step's session is deleted at once and the code
            // step makes the real one (recorded then).
            if (ctx?.path === '/sign-in/email' && (await hasTwoFactorEnabled(session.userId))) return
            const method = (ctx?.path ? loginMethodByPath[ctx.path] : undefined) ?? 'email'
            await recordLogin({
              userId: session.userId,
              method,
              ipAddress: session.ipAddress ?? null,
              userAgent: session.userAgent ?? null,
            })
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (twoFactorCodePaths.has(ctx.path)) {
          const challenge = ctx.context.createAuthCookie(TWO_FACTOR_CHALLENGE_COOKIE)
          const identifier = await ctx.getSignedCookie(challenge.name, ctx.context.secret)
          const pending = identifier ? await ctx.context.internalAdapter.findVerificationValue(identifier) : null
          const minutes = pending ? await twoFactorRetryAfterMinutes(pending.value) : null
          if (minutes !== null) {
            throw new APIError(
              'TOO_MANY_REQUESTS',
              { code: 'RATE_LIMITED', message: AUTH_MESSAGES.rateLimitBody(minutes), retryAfterMinutes: minutes },
              { 'Retry-After': String(minutes * 60) },
            )
          }
        }
        if (ctx.path === '/sign-up/email') {
          const parsed = signUpSchema.safeParse(ctx.body)
          if (!parsed.success) {
            const issue = parsed.error.issues[0]
            const code = issue?.path[0] === 'password' ? 'PASSWORD_POLICY' : 'VALIDATION_FAILED'
            throw new APIError('BAD_REQUEST', { message: issue?.message ?? 'Invalid sign-up', code })
          }
        }
        if (ctx.path === '/reset-password' || ctx.path === '/change-password') {
          const parsed = signUpPasswordSchema.safeParse(ctx.body?.newPassword)
          if (!parsed.success) {
            throw new APIError('BAD_REQUEST', {
              message: parsed.error.issues[0]?.message ?? 'Invalid password',
              code: 'PASSWORD_POLICY',
            })
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const method = loginMethodByPath[ctx.path]
        if (method && ctx.context.newSession) {
          ctx.setCookie(
            LOGIN_METHOD_COOKIE.name,
            JSON.stringify({ method, timestamp: Date.now() }),
            {
              maxAge: LOGIN_METHOD_COOKIE.maxAgeSeconds,
              path: LOGIN_METHOD_COOKIE.path,
              sameSite: 'lax',
              secure: env.PUBLIC_URL.startsWith('https://'),
              httpOnly: false,
            },
          )
        }
        if (ctx.path === '/sign-out') {
          ctx.setCookie(LOGIN_METHOD_COOKIE.name, '', { maxAge: 0, path: LOGIN_METHOD_COOKIE.path })
        }
      }),
    },
    logger: {
      log: (level, message, ...args) => {
        const log = level === 'error' ? logger.error : level === 'warn' ? logger.warn : logger.debug
        log.call(logger, { event: 'auth.log', args }, message)
      },
    },
  })
}

export type Auth = ReturnType<typeof createAuth>

export let auth: Auth

export function setAuth(next: Auth) {
  auth = next
}
