import { describe, expect, it } from 'vitest'
import { AUTH_REDIRECT_STORAGE_KEY, PAYMENT_SETUP_PATH } from '#common/constants'
import { storeAuthRedirect, takePostAuthDestination } from './post-auth-redirect'

function fakeStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial))
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

describe('takePostAuthDestination', () => {
  it('returns the stored path with its query and clears it', () => {
    const storage = fakeStorage({ [AUTH_REDIRECT_STORAGE_KEY]: '/dashboard/files?sort=name' })
    expect(takePostAuthDestination(storage)).toBe('/dashboard/files?sort=name')
    expect(storage.items.has(AUTH_REDIRECT_STORAGE_KEY)).toBe(false)
  })

  it('falls back to the payment-setup page when nothing is stored', () => {
    expect(takePostAuthDestination(fakeStorage())).toBe(PAYMENT_SETUP_PATH)
  })

  it.each(['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'dashboard', ''])(
    'refuses the off-site or relative target %j and still clears it',
    (target) => {
      const storage = fakeStorage({ [AUTH_REDIRECT_STORAGE_KEY]: target })
      expect(takePostAuthDestination(storage)).toBe(PAYMENT_SETUP_PATH)
      expect(storage.items.has(AUTH_REDIRECT_STORAGE_KEY)).toBe(false)
    },
  )

  it('falls back when storage throws', () => {
    const storage = {
      getItem: () => {
        throw new Error('blocked')
      },
      setItem: () => {},
      removeItem: () => {},
    }
    expect(takePostAuthDestination(storage)).toBe(PAYMENT_SETUP_PATH)
  })
})

describe('storeAuthRedirect', () => {
  it('stores a same-site path and ignores an off-site one', () => {
    const storage = fakeStorage()
    storeAuthRedirect('//evil.example', storage)
    expect(storage.items.size).toBe(0)
    storeAuthRedirect('/dashboard/abc?x=1', storage)
    expect(takePostAuthDestination(storage)).toBe('/dashboard/abc?x=1')
  })
})
