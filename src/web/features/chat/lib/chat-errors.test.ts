import { describe, expect, it } from 'vitest'
import { ApiError } from '#web/lib/api-client'
import { chatErrorToast } from './chat-errors'

describe('chatErrorToast', () => {
  it('says Insufficient Credits with the server’s balance when a 402 is about credits', () => {
    const error = new ApiError('PAYMENT_REQUIRED', 402, 'AI Chat requires 8 credits. You have 3 remaining.')
    expect(chatErrorToast(error)).toEqual({ title: 'Insufficient Credits', description: 'AI Chat requires 8 credits. You have 3 remaining.' })
  })

  it('asks to sign in for any other 402 (the payment gate)', () => {
    const error = new ApiError('PAYMENT_REQUIRED', 402, 'Subscription required')
    expect(chatErrorToast(error)).toEqual({ title: 'Authentication Required', description: 'Please sign in to use AI chat.' })
  })

  it('says Feature Restricted with the server’s reason on a 403', () => {
    const error = new ApiError('FORBIDDEN', 403, 'AI Chat requires credits. Please add more credits to continue using this feature.')
    expect(chatErrorToast(error).title).toBe('Feature Restricted')
    expect(chatErrorToast(error).description).toMatch(/requires credits/)
  })

  it('says AI Chat Error with the message for a failed model or a lost connection', () => {
    expect(chatErrorToast(new ApiError('INTERNAL', 503, 'The AI provider did not answer.'))).toEqual({
      title: 'AI Chat Error',
      description: 'The AI provider did not answer.',
    })
    expect(chatErrorToast(new TypeError('Failed to fetch')).title).toBe('AI Chat Error')
  })
})
