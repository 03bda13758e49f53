import { describe, expect, it } from 'vitest'
import { isBlockWorthReporting } from './blocked-report.ts'

describe('isBlockWorthReporting', () => {
  it('does not report a new user who has not started the trial', () => {
    expect(isBlockWorthReporting({ trial_started_at: null, subscription_tier: 'trial' })).toBe(false)
  })

  it('reports a user whose trial ran out or whose plan lapsed', () => {
    expect(isBlockWorthReporting({ trial_started_at: '2026-10-01T00:00:00.000Z', subscription_tier: 'trial' })).toBe(true)
    expect(isBlockWorthReporting({ trial_started_at: null, subscription_tier: 'basic' })).toBe(true)
  })
})
