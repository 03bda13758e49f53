import { describe, expect, it } from 'vitest'
import { localeDateOrder } from './locale-date-order'

describe('localeDateOrder', () => {
  it('reads the day/month order of the locale', () => {
    expect(['en-US', 'en-GB', 'de-DE', 'fr-FR', 'pt-BR'].map(localeDateOrder)).toEqual(['mdy', 'dmy', 'dmy', 'dmy', 'dmy'])
  })
})
