import { PROFILE_MESSAGES } from '#common/messages'
import { isRateLimited, type AuthClientError } from './auth-error-toast'

/** Six digits (spaces allowed, as apps show them) are an app code; anything else a backup code. */
export function readTwoFactorCode(input: string): { kind: 'totp' | 'backup'; code: string } {
  const digits = input.replace(/\s+/g, '')
  if (/^\d{6}$/.test(digits)) return { kind: 'totp', code: digits }
  return { kind: 'backup', code: input.trim() }
}

/**
 * Where a refused code is said: a wrong code under the field; a sign-in that expired (10 minutes,
 * or five wrong codes in one sign-in) sends the user back to the password step; the lockout and
 * anything else is a toast.
 */
export type TwoFactorErrorDisplay = { kind: 'field'; message: string } | { kind: 'restart'; message: string } | { kind: 'toast' }

export function twoFactorErrorDisplay(error: AuthClientError): TwoFactorErrorDisplay {
  if (isRateLimited(error)) return { kind: 'toast' }
  if (error.code === 'INVALID_CODE' || error.code === 'INVALID_BACKUP_CODE') return { kind: 'field', message: PROFILE_MESSAGES.twoFactorInvalidCode }
  if (error.code === 'INVALID_TWO_FACTOR_COOKIE' || error.code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') {
    return { kind: 'restart', message: PROFILE_MESSAGES.twoFactorChallengeExpired }
  }
  return { kind: 'toast' }
}
