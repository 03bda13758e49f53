import { describe, expect, it } from 'vitest'
import { authErrorMessage, isRateLimited, rateLimitMessage } from './auth-error-toast'

describe('rate-limit errors', () => {
  it('recognises the 429 answer and its code', () => {
    expect(isRateLimited({ status: 429 })).toBe(true)
    expect(isRateLimited({ status: 400, code: 'RATE_LIMITED' })).toBe(true)
    expect(isRateLimited({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' })).toBe(false)
  })

  it('words the wait with the minutes the server gives', () => {
    expect(rateLimitMessage({ status: 429, retryAfterMinutes: 3 })).toBe(
      'Too many attempts. Please try again in 3 minute(s).',
    )
  })

  it('falls back to the full window when the server gives no wait', () => {
    expect(rateLimitMessage({ status: 429 })).toBe(
      'Too many attempts. Please try again in 15 minute(s).',
    )
  })
})

describe("the server's words", () => {
  it("reads Better Auth's flat body and the app's own error body alike (the origin check's 403)", () => {
    expect(authErrorMessage({ status: 400, message: 'Password too short' })).toBe('Password too short')
    expect(authErrorMessage({ status: 403, error: { code: 'FORBIDDEN', message: 'Request refused: it came from another site.' } })).toBe(
      'Request refused: it came from another site.',
    )
    expect(authErrorMessage({ status: 500 })).toBeUndefined()
  })
})
