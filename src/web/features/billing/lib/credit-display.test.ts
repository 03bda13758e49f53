import { describe, expect, it } from 'vitest'
import { creditBadgeVariant, creditUsage } from './credit-display.ts'

describe('credit display', () => {
  it('counts used credits from 2,000 and clamps the percent to 0-100', () => {
    expect(creditUsage(2000)).toEqual({ total: 2000, used: 0, percent: 0 })
    expect(creditUsage(1500)).toEqual({ total: 2000, used: 500, percent: 25 })
    expect(creditUsage(0).percent).toBe(100)
    expect(creditUsage(2500).percent).toBe(0)
  })
  it('marks the badge destructive at 10 or fewer and secondary at 50 or fewer', () => {
    expect(creditBadgeVariant(0)).toBe('destructive')
    expect(creditBadgeVariant(10)).toBe('destructive')
    expect(creditBadgeVariant(11)).toBe('secondary')
    expect(creditBadgeVariant(50)).toBe('secondary')
    expect(creditBadgeVariant(51)).toBe('outline')
  })
})
