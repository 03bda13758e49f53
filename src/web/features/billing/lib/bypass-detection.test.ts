import { describe, expect, it } from 'vitest'
import { findBypassParams, findBypassStorageKeys } from './bypass-detection.ts'

function memoryStorage(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries))
  return {
    get length() {
      return map.size
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    removeItem: (k: string) => void map.delete(k),
  }
}

describe('bypass detection', () => {
  it('finds bypass, admin and override parameters in any case', () => {
    expect(findBypassParams('?bypass=1&page=2')).toEqual(['bypass'])
    expect(findBypassParams('?isAdmin=true&Override_Payment=yes')).toEqual(['isAdmin', 'Override_Payment'])
    expect(findBypassParams('?payment_bypass')).toEqual(['payment_bypass'])
  })
  it('leaves ordinary parameters alone', () => {
    expect(findBypassParams('?checkout=success&page=3')).toEqual([])
    expect(findBypassParams('')).toEqual([])
  })
  it('finds payment-bypass flags in storage', () => {
    const storage = memoryStorage({ authRedirect: '/dashboard', payment_bypass: 'true', devPaymentBypass: '1' })
    expect(findBypassStorageKeys(storage)).toEqual(['payment_bypass', 'devPaymentBypass'])
  })
})
