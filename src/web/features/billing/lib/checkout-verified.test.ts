import { describe, expect, it } from 'vitest'
import { isCheckoutVerified } from './checkout-verified.ts'

describe('isCheckoutVerified', () => {
  it('waits, with Stripe, for the payment method even while a trial runs', () => {
    expect(isCheckoutVerified('stripe', { payment_method_valid: false, is_trial_expired: false })).toBe(false)
    expect(isCheckoutVerified('stripe', { payment_method_valid: true, is_trial_expired: false })).toBe(true)
  })

  it('accepts, with the local provider, the trial it has just started', () => {
    expect(isCheckoutVerified('local', { payment_method_valid: false, is_trial_expired: false })).toBe(true)
    expect(isCheckoutVerified('local', { payment_method_valid: false, is_trial_expired: true })).toBe(false)
  })
})
