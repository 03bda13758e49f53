import { describe, expect, it } from 'vitest'
import { ApiError } from '#web/lib/api-client'
import { apiErrorTitle } from './api-error-title'

describe('apiErrorTitle', () => {
  it("takes the server's details.title", () => {
    expect(apiErrorTitle(new ApiError('FORBIDDEN', 403, 'Your current plan allows up to 3 AI fields.', { title: 'AI Field Limit Reached', limit: 3 }), 'Error')).toBe(
      'AI Field Limit Reached',
    )
  })

  it("names a credit shortage and the payment gate with the spec's titles", () => {
    expect(apiErrorTitle(new ApiError('CONFLICT', 409, "'Score' is already an AI field.", { title: 'Name conflict' }), 'Error')).toBe('Name conflict')
    expect(apiErrorTitle(new ApiError('PAYMENT_REQUIRED', 402, 'An active subscription or trial is required.'), 'Error')).toBe('Authentication Required')
    expect(apiErrorTitle(new ApiError('PAYMENT_REQUIRED', 402, 'You need 2 credits to test this prompt. 1 remaining.'), 'Error')).toBe('Insufficient Credits')
  })

  it('falls back for anything else', () => {
    expect(apiErrorTitle(new Error('boom'), 'Error')).toBe('Error')
    expect(apiErrorTitle(new ApiError('VALIDATION_FAILED', 422, 'x'), 'Error')).toBe('Error')
  })
})
