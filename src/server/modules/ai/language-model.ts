import { createAnthropic } from '@ai-sdk/anthropic'
import { createOpenAI } from '@ai-sdk/openai'
import { createPerplexity } from '@ai-sdk/perplexity'
import type { LanguageModelV3 } from '@ai-sdk/provider'
import type { AiCredentials } from './ai-credentials.ts'
import { userBaseUrlFetch } from '#server/modules/api-keys/user-base-url'
import { providerFetch } from './provider-fetch.ts'

/**
 * The AI SDK model for a set of credentials. OpenAI and OpenAI-compatible servers go through
 * `.chat()`: the default OpenAI model calls the Responses API, which Ollama, vLLM and LM Studio do
 * not have (STACK-NOTES).
 */
export function createLanguageModel(credentials: AiCredentials): LanguageModelV3 {
  const baseURL = credentials.baseURL ?? undefined
  // A user's own server is called through the guarded client: every connection's address is checked.
  const fetch = credentials.userBaseURL ? userBaseUrlFetch : providerFetch
  switch (credentials.provider) {
    case 'openai':
    case 'openai_compatible':
      return createOpenAI({ apiKey: credentials.apiKey, baseURL, name: credentials.provider, fetch }).chat(credentials.model)
    case 'anthropic':
      return createAnthropic({ apiKey: credentials.apiKey, baseURL, fetch })(credentials.model)
    case 'perplexity':
      return createPerplexity({ apiKey: credentials.apiKey, baseURL, fetch })(credentials.model)
  }
}
