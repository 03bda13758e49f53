import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '#common/messages'
import { signInErrorDisplay } from './sign-in-error'

describe('signInErrorDisplay', () => {
  it('puts a wrong e-mail or password in the form', () => {
    expect(signInErrorDisplay({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }, 'a@b.co')).toEqual({
      kind: 'password',
      message: AUTH_MESSAGES.wrongPassword,
    })
  })

  it('says that a new confirmation mail was sent to an unverified account', () => {
    const shown = signInErrorDisplay({ status: 403, code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' }, 'ada@example.com')
    expect(shown).toEqual({ kind: 'unverified', title: 'Email not verified', message: AUTH_MESSAGES.emailNotVerifiedBody('ada@example.com') })
    expect(shown.kind === 'unverified' && shown.message).toContain('We sent a new confirmation email to ada@example.com')
  })

  it('leaves the rate limit and the unexpected to a toast', () => {
    expect(signInErrorDisplay({ status: 429, code: 'RATE_LIMITED' }, 'a@b.co')).toEqual({ kind: 'toast' })
    expect(signInErrorDisplay({ status: 500 }, 'a@b.co')).toEqual({ kind: 'toast' })
  })
})
