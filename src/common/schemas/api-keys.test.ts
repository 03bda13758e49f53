import { describe, expect, it } from 'vitest'
import { providerLabel } from './api-keys.ts'

describe('providerLabel', () => {
  it('names a provider as people do, and shows an unknown one as it is', () => {
    expect(providerLabel('openai_compatible')).toBe('OpenAI-compatible server')
    expect(providerLabel('anthropic')).toBe('Anthropic')
    expect(providerLabel('perplexity')).toBe('Perplexity')
    expect(providerLabel('mistral')).toBe('mistral')
  })
})
