import { describe, expect, it } from 'vitest'
import { ApiError, errorMessage, errorStatus } from './api-client.ts'

describe('errorMessage and errorStatus', () => {
  it('give the server’s message and status for a failed call', () => {
    const error = new ApiError('CONFLICT', 409, 'A column named “Email” already exists.')
    expect(errorMessage(error, 'Could not save.')).toBe('A column named “Email” already exists.')
    expect(errorStatus(error)).toBe(409)
  })

  it('give the fallback and no status for any other error', () => {
    expect(errorMessage(new TypeError('x is undefined'), 'Could not save.')).toBe('Could not save.')
    expect(errorMessage(new Error('boom'), undefined)).toBeUndefined()
    expect(errorStatus(new Error('boom'))).toBeUndefined()
  })
})
