import { createMiddleware } from 'hono/factory'
import { API_TOKEN_MESSAGES } from '#common/messages'
import { AppError } from './app-error.ts'
import type { AppEnv } from './hono-env.ts'

/**
 * For routes only a browser session may call: sign-in, the account, API tokens, two-factor,
 * billing and the user's AI keys. A token must not mint tokens, change the password, delete the
 * account it belongs to, pay, or redirect the user's AI calls (decision 019).
 */
export const refuseApiTokens = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get('authMethod') === 'token') throw new AppError('FORBIDDEN', API_TOKEN_MESSAGES.refused)
  await next()
})
