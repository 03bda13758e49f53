import { AUTH_MESSAGES } from '#common/messages'
import { isRateLimited, type AuthClientError } from './auth-error-toast'

/**
 * Where a failed sign-in is said. A wrong e-mail or password goes under the password field (a toast
 * alone is gone before it is read); an unverified account is told in the form that a new
 * confirmation mail is on its way (the server sends one on every such sign-in). Anything else, the
 * rate limit included, is a toast.
 */
export type SignInErrorDisplay =
  | { kind: 'password'; message: string }
  | { kind: 'unverified'; title: string; message: string }
  | { kind: 'toast' }

export function signInErrorDisplay(error: AuthClientError, email: string): SignInErrorDisplay {
  if (isRateLimited(error)) return { kind: 'toast' }
  if (error.code === 'INVALID_EMAIL_OR_PASSWORD' || error.status === 401) return { kind: 'password', message: AUTH_MESSAGES.wrongPassword }
  if (error.code === 'EMAIL_NOT_VERIFIED') {
    return { kind: 'unverified', title: AUTH_MESSAGES.emailNotVerifiedTitle, message: AUTH_MESSAGES.emailNotVerifiedBody(email) }
  }
  return { kind: 'toast' }
}
