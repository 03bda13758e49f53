import { AI_DEFAULT_MODELS, type AI_PROVIDERS } from '#common/constants'
import { AI_FIELD_MESSAGES } from '#common/messages'
import { env, type Env } from '#server/env'
import { getActiveAiKeys } from '#server/modules/api-keys/api-keys.service'
import type { AiProviderStatus } from '#common/schemas/enrichment'
import { AppError } from '#server/platform/app-error'

export type AiProviderName = (typeof AI_PROVIDERS)[number]

/** What a provider call needs; `ownKey` when it is the user's key (no credits charged). */
export type AiCredentials = {
  provider: AiProviderName
  apiKey: string
  baseURL: string | null
  model: string
  ownKey: boolean
  /** The base URL is the user's own (API Settings): called through the guarded client, never trusted. */
  userBaseURL: boolean
}

/** The user's saved keys, in the shape the api-keys module returns (`getActiveAiKeys`). */
export type UserAiKeys = {
  preferOwnKey: boolean
  keys: Array<{ provider: AiProviderName; apiKey: string; baseURL: string | null; model: string | null }>
}

/** A local OpenAI-compatible server (Ollama) takes any key; the SDK still wants one. */
const KEYLESS = 'not-needed'

/** The operator's providers from the environment, for ordinary prompts and for web search. */
export function platformCredentials(config: Env, { webSearch }: { webSearch: boolean }): AiCredentials | null {
  if (webSearch) {
    if (!config.PERPLEXITY_API_KEY) return null
    return {
      provider: 'perplexity',
      apiKey: config.PERPLEXITY_API_KEY,
      baseURL: config.PERPLEXITY_BASE_URL ?? null,
      model: config.AI_WEB_MODEL ?? AI_DEFAULT_MODELS.perplexity,
      ownKey: false,
      userBaseURL: false,
    }
  }
  if (config.OPENAI_API_KEY || config.OPENAI_BASE_URL) {
    const compatible = Boolean(config.OPENAI_BASE_URL)
    return {
      provider: compatible ? 'openai_compatible' : 'openai',
      apiKey: config.OPENAI_API_KEY ?? KEYLESS,
      baseURL: config.OPENAI_BASE_URL ?? null,
      model: config.AI_MODEL ?? (compatible ? AI_DEFAULT_MODELS.openai_compatible : AI_DEFAULT_MODELS.openai),
      ownKey: false,
      userBaseURL: false,
    }
  }
  if (config.ANTHROPIC_API_KEY) {
    return {
      provider: 'anthropic',
      apiKey: config.ANTHROPIC_API_KEY,
      baseURL: config.ANTHROPIC_BASE_URL ?? null,
      model: config.AI_MODEL ?? AI_DEFAULT_MODELS.anthropic,
      ownKey: false,
      userBaseURL: false,
    }
  }
  if (config.PERPLEXITY_API_KEY) {
    return {
      provider: 'perplexity',
      apiKey: config.PERPLEXITY_API_KEY,
      baseURL: config.PERPLEXITY_BASE_URL ?? null,
      model: config.AI_WEB_MODEL ?? AI_DEFAULT_MODELS.perplexity,
      ownKey: false,
      userBaseURL: false,
    }
  }
  return null
}

/** The user's own key for this kind of prompt: Perplexity for web search, any other key first otherwise. */
function providerOverride(config: Env, provider: AiProviderName): string | null {
  if (provider === 'openai') return config.OPENAI_BASE_URL ?? null
  if (provider === 'anthropic') return config.ANTHROPIC_BASE_URL ?? null
  if (provider === 'perplexity') return config.PERPLEXITY_BASE_URL ?? null
  return null
}

export function ownCredentials(saved: UserAiKeys, { webSearch }: { webSearch: boolean }, config: Env = env): AiCredentials | null {
  if (!saved.preferOwnKey || saved.keys.length === 0) return null
  const order: AiProviderName[] = webSearch ? ['perplexity'] : ['openai', 'openai_compatible', 'anthropic', 'perplexity']
  for (const provider of order) {
    const key = saved.keys.find((k) => k.provider === provider)
    if (!key) continue
    return {
      provider,
      apiKey: key.apiKey || KEYLESS,
      // A hosted provider's key goes where the platform's own calls go (an operator's proxy, the tests' fake), as its check did.
      baseURL: key.baseURL ?? providerOverride(config, provider),
      model: key.model ?? AI_DEFAULT_MODELS[provider],
      ownKey: true,
      userBaseURL: key.baseURL !== null,
    }
  }
  return null
}

/** The user's saved, checked keys (the api-keys module decrypts them). */
const loadUserKeys = (userId: string): Promise<UserAiKeys> => getActiveAiKeys({ userId })

/**
 * The one place that decides which provider and key a user's prompt runs on: the user's own key
 * when they prefer it, else the platform's. Throws the "how to connect a provider" message when
 * there is none.
 */
export async function resolveAiCredentials({ userId, webSearch }: { userId: string; webSearch: boolean }): Promise<AiCredentials> {
  const own = ownCredentials(await loadUserKeys(userId), { webSearch })
  if (own) return own
  const platform = platformCredentials(env, { webSearch })
  if (platform) return platform
  const anyConfigured = platformCredentials(env, { webSearch: false })
  throw new AppError('SERVICE_UNAVAILABLE', webSearch && anyConfigured ? AI_FIELD_MESSAGES.webSearchNotConfigured : AI_FIELD_MESSAGES.notConfigured, {
    title: AI_FIELD_MESSAGES.notConfiguredTitle,
    reason: 'ai_not_configured',
  })
}

/** Where the user's prompts would run, for the dialog and API Settings; never a key. */
export async function getAiProviderStatus({ userId }: { userId: string }): Promise<AiProviderStatus> {
  const saved = await loadUserKeys(userId)
  const chosen = ownCredentials(saved, { webSearch: false }) ?? platformCredentials(env, { webSearch: false })
  const web = ownCredentials(saved, { webSearch: true }) ?? platformCredentials(env, { webSearch: true })
  return {
    configured: chosen !== null,
    provider: chosen?.provider ?? null,
    model: chosen?.model ?? null,
    webSearch: web !== null,
    ownKey: chosen?.ownKey ?? false,
    message: chosen ? null : AI_FIELD_MESSAGES.notConfigured,
  }
}
