import { describe, expect, it } from 'vitest'
import { aiFieldsLimit, canUseChat, graceHoursRemaining, hasPaidAccess, isTrialExpired } from './billing-rules.ts'

const now = new Date('2026-11-22T12:00:00Z')
const minuteAgo = new Date(now.getTime() - 60_000)
const minuteAhead = new Date(now.getTime() + 60_000)
const none = { subscribed: false, paymentMethodValid: false, trialEndsAt: null, gracePeriodEndsAt: null }

describe('the access gate', () => {
  it('refuses a user with nothing', () => {
    expect(hasPaidAccess(none, now)).toBe(false)
  })
  it('passes a valid payment method', () => {
    expect(hasPaidAccess({ ...none, paymentMethodValid: true }, now)).toBe(true)
  })
  it('passes an active subscription', () => {
    expect(hasPaidAccess({ ...none, subscribed: true }, now)).toBe(true)
  })
  it('passes a trial ending in a minute and refuses one that ended a minute ago', () => {
    expect(hasPaidAccess({ ...none, trialEndsAt: minuteAhead }, now)).toBe(true)
    expect(hasPaidAccess({ ...none, trialEndsAt: minuteAgo }, now)).toBe(false)
    expect(hasPaidAccess({ ...none, trialEndsAt: now }, now)).toBe(false)
  })
  it('passes a grace period ending in a minute and refuses one that ended', () => {
    expect(hasPaidAccess({ ...none, gracePeriodEndsAt: minuteAhead.toISOString() }, now)).toBe(true)
    expect(hasPaidAccess({ ...none, gracePeriodEndsAt: minuteAgo.toISOString() }, now)).toBe(false)
  })
  it('treats an unreadable date as no date', () => {
    expect(hasPaidAccess({ ...none, trialEndsAt: 'not a date' }, now)).toBe(false)
  })
})

describe('tier rules', () => {
  it('caps AI fields per tier: trial 3, basic 5, others 999', () => {
    expect(aiFieldsLimit('trial')).toBe(3)
    expect(aiFieldsLimit('basic')).toBe(5)
    expect(aiFieldsLimit('premium')).toBe(999)
    expect(aiFieldsLimit('enterprise')).toBe(999)
  })
  it('refuses chat to a basic user whose trial has expired, and to anyone without access', () => {
    expect(canUseChat({ tier: 'basic', hasAccess: true, isTrialExpired: true })).toBe(false)
    expect(canUseChat({ tier: 'basic', hasAccess: true, isTrialExpired: false })).toBe(true)
    expect(canUseChat({ tier: 'premium', hasAccess: true, isTrialExpired: true })).toBe(true)
    expect(canUseChat({ tier: 'trial', hasAccess: false, isTrialExpired: true })).toBe(false)
  })
  it('calls a trial expired only when no subscription carries the user', () => {
    expect(isTrialExpired({ subscribed: false, trialEndsAt: minuteAgo }, now)).toBe(true)
    expect(isTrialExpired({ subscribed: true, trialEndsAt: minuteAgo }, now)).toBe(false)
    expect(isTrialExpired({ subscribed: false, trialEndsAt: minuteAhead }, now)).toBe(false)
  })
})

describe('grace hours', () => {
  it('rounds the hours remaining up', () => {
    expect(graceHoursRemaining(new Date(now.getTime() + 3_600_000 + 1), now)).toBe(2)
    expect(graceHoursRemaining(new Date(now.getTime() + 3_600_000), now)).toBe(1)
    expect(graceHoursRemaining(new Date(now.getTime() + 1000), now)).toBe(1)
    expect(graceHoursRemaining(minuteAgo, now)).toBe(0)
    expect(graceHoursRemaining(null, now)).toBe(0)
  })
})
