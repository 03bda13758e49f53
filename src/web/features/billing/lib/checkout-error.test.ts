import { describe, expect, it } from 'vitest'
import { checkoutErrorMessage } from './checkout-error.ts'

describe('checkout error message', () => {
  it('names the network when the failure does', () => {
    expect(checkoutErrorMessage(new Error('Network request failed'))).toBe('Network error. Please check your connection and try again.')
    expect(checkoutErrorMessage(new TypeError('Failed to fetch'))).toBe('Network error. Please check your connection and try again.')
  })
  it('says try again otherwise', () => {
    expect(checkoutErrorMessage(new Error('The payment provider could not be reached'))).toBe('Failed to start checkout. Please try again.')
  })
})
