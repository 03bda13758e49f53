import { describe, expect, it } from 'vitest'
import { PROFILE_MESSAGES } from '#common/messages'
import { readTwoFactorCode, twoFactorErrorDisplay } from './two-factor-code'

describe('readTwoFactorCode', () => {
  it('reads six digits, with the spaces apps show, as an app code', () => {
    expect(readTwoFactorCode(' 123 456 ')).toEqual({ kind: 'totp', code: '123456' })
  })
  it('reads anything else as a backup code, keeping its case', () => {
    expect(readTwoFactorCode(' aB3dE-9xY2z ')).toEqual({ kind: 'backup', code: 'aB3dE-9xY2z' })
    expect(readTwoFactorCode('12345')).toEqual({ kind: 'backup', code: '12345' })
  })
})

describe('twoFactorErrorDisplay', () => {
  it('puts a wrong code under the field', () => {
    expect(twoFactorErrorDisplay({ status: 401, code: 'INVALID_CODE' })).toEqual({ kind: 'field', message: PROFILE_MESSAGES.twoFactorInvalidCode })
    expect(twoFactorErrorDisplay({ status: 401, code: 'INVALID_BACKUP_CODE' }).kind).toBe('field')
  })
  it('sends an expired sign-in back to the password step', () => {
    expect(twoFactorErrorDisplay({ status: 401, code: 'INVALID_TWO_FACTOR_COOKIE' }).kind).toBe('restart')
  })
  it('leaves the lockout to the rate-limit toast', () => {
    expect(twoFactorErrorDisplay({ status: 429, code: 'RATE_LIMITED', retryAfterMinutes: 15 }).kind).toBe('toast')
  })
})
