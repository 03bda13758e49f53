import { toast } from 'sonner'
import { AUTH_RATE_LIMIT } from '#common/constants'
import { AUTH_MESSAGES } from '#common/messages'

/** The error object the Better Auth client returns: the server's JSON body plus the status. */
export type AuthClientError = {
  status: number
  statusText?: string
  message?: string
  code?: string
  retryAfterMinutes?: number
  /** Our own middleware's body (`{ error: { code, message } }`, the origin check's 403), beside Better Auth's flat one. */
  error?: { code?: string; message?: string }
}

/** The server's words, from Better Auth's body or ours (issue 44: a 403 from the origin check read as 'Something went wrong'). */
export function authErrorMessage(error: AuthClientError): string | undefined {
  return error.message || error.error?.message || undefined
}

const RATE_LIMIT_WINDOW_MINUTES = Math.ceil(AUTH_RATE_LIMIT.windowMs / 60_000)

export function isRateLimited(error: AuthClientError) {
  return error.status === 429 || error.code === 'RATE_LIMITED'
}

export function rateLimitMessage(error: AuthClientError) {
  if (typeof error.retryAfterMinutes === 'number') {
    return AUTH_MESSAGES.rateLimitBody(error.retryAfterMinutes)
  }
  return authErrorMessage(error) || AUTH_MESSAGES.rateLimitBody(RATE_LIMIT_WINDOW_MINUTES)
}

/** 'Rate limit exceeded' for 429, otherwise the destructive 'Error' toast with the server's words. */
export function toastAuthError(error: AuthClientError, fallback: string = AUTH_MESSAGES.unexpected) {
  if (isRateLimited(error)) {
    toast.error(AUTH_MESSAGES.rateLimitTitle, { description: rateLimitMessage(error) })
    return
  }
  toast.error(AUTH_MESSAGES.errorTitle, { description: authErrorMessage(error) || fallback })
}

/** For exceptions thrown by the client (network down, unexpected response). */
export function toastUnexpectedError() {
  toast.error(AUTH_MESSAGES.errorTitle, { description: AUTH_MESSAGES.unexpected })
}
