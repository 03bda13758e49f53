import { z } from 'zod'
import { API_KEYS } from '../constants.ts'
import { API_KEY_MESSAGES } from '../messages.ts'

/** The providers a user may bring a key for: the spec's Perplexity, and more (issue 12). */
export const aiKeyProviderSchema = z.enum(['openai', 'anthropic', 'perplexity', 'openai_compatible'])
export type AiKeyProvider = z.infer<typeof aiKeyProviderSchema>

export const AI_KEY_PROVIDER_LABELS: Record<AiKeyProvider, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  perplexity: 'Perplexity',
  openai_compatible: 'OpenAI-compatible server',
}

/** A provider as people name it ('OpenAI-compatible server', not 'openai_compatible'); an unknown one as it is. */
export function providerLabel(provider: string): string {
  const parsed = aiKeyProviderSchema.safeParse(provider)
  return parsed.success ? AI_KEY_PROVIDER_LABELS[parsed.data] : provider
}

const trimmed = (max: number) => z.string().trim().max(max)

/** True for an http(s) URL without credentials: what a provider base URL may be. */
export function isPlainHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password
  } catch {
    return false
  }
}

/** The key form (001 §5): the same rules in the browser and on the server. */
export const saveApiKeySchema = z
  .object({
    provider: aiKeyProviderSchema,
    api_key: trimmed(500).default(''),
    base_url: trimmed(500).optional(),
    model: trimmed(200).optional(),
  })
  .superRefine((input, ctx) => {
    const isCompatible = input.provider === 'openai_compatible'
    // A local server (Ollama, LM Studio) often needs no key; every hosted provider does.
    if (!isCompatible && input.api_key === '') {
      ctx.addIssue({ code: 'custom', path: ['api_key'], message: API_KEY_MESSAGES.enterValidKey })
    }
    if (input.provider === 'perplexity' && input.api_key !== '' && !input.api_key.startsWith(API_KEYS.perplexityPrefix)) {
      ctx.addIssue({ code: 'custom', path: ['api_key'], message: API_KEY_MESSAGES.perplexityPrefix })
    }
    if (!isCompatible) return
    if (!input.base_url) ctx.addIssue({ code: 'custom', path: ['base_url'], message: API_KEY_MESSAGES.baseUrlRequired })
    else if (!isPlainHttpUrl(input.base_url)) {
      ctx.addIssue({ code: 'custom', path: ['base_url'], message: API_KEY_MESSAGES.baseUrlInvalid })
    }
    if (!input.model) ctx.addIssue({ code: 'custom', path: ['model'], message: API_KEY_MESSAGES.modelRequired })
  })
export type SaveApiKeyInput = z.input<typeof saveApiKeySchema>
export type SaveApiKeyValues = z.output<typeof saveApiKeySchema>

export const updateKeyPreferenceSchema = z.object({ prefer_api_key: z.boolean() })
export type UpdateKeyPreferenceInput = z.infer<typeof updateKeyPreferenceSchema>

/** A saved key as the API shows it: never the key itself, only its last four characters. */
export type ApiKeySummary = {
  id: string
  provider: AiKeyProvider
  last_four: string | null
  base_url: string | null
  model: string | null
  is_active: true
  created_at: string
  updated_at: string
}

/** What the platform itself is configured with, without any secret (API Settings' current configuration). */
export type PlatformAiConfig = {
  providers: Record<Exclude<AiKeyProvider, 'openai_compatible'>, boolean>
  /** The OpenAI-compatible server the platform calls, when OPENAI_BASE_URL points at one. */
  custom_base_url: boolean
  model: string | null
  web_model: string | null
}

export type ApiSettings = {
  keys: ApiKeySummary[]
  has_active_key: boolean
  prefer_api_key: boolean
  /** True only with an active key and the preference on: 'Using Your API Key'. */
  using_own_key: boolean
  platform: PlatformAiConfig
}
