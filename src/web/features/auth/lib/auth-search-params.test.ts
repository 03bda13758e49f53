import { describe, expect, it } from 'vitest'
import { authModeSchema } from '#common/schemas/auth'
import {
  AUTH_MODES,
  isReturningFromAuthLink,
  readAuthMode,
  withoutParams,
} from './auth-search-params'

const params = (query: string) => new URLSearchParams(query)

describe('readAuthMode', () => {
  it('knows exactly the modes of the shared schema', () => {
    expect([...AUTH_MODES].sort()).toEqual([...authModeSchema.options].sort())
  })

  it('opens the mode named in the query', () => {
    expect(readAuthMode(params('mode=signup'))).toBe('signup')
    expect(readAuthMode(params('mode=forgotPassword'))).toBe('forgotPassword')
  })

  it('opens sign-in for auth=required', () => {
    expect(readAuthMode(params('auth=required'))).toBe('signin')
  })

  it('stays closed for an unknown mode or other auth values', () => {
    expect(readAuthMode(params('mode=admin'))).toBeNull()
    expect(readAuthMode(params('auth=callback'))).toBeNull()
    expect(readAuthMode(params(''))).toBeNull()
  })
})

describe('isReturningFromAuthLink', () => {
  it('spots the Google callback and the verification link', () => {
    expect(isReturningFromAuthLink(params('auth=callback'))).toBe(true)
    expect(isReturningFromAuthLink(params('verified=1'))).toBe(true)
    expect(isReturningFromAuthLink(params('auth=required'))).toBe(false)
  })
})

describe('withoutParams', () => {
  it('removes only the named parameters', () => {
    expect(withoutParams(params('mode=signin&auth=required&ref=x'), ['mode', 'auth']).toString()).toBe(
      'ref=x',
    )
  })
})
