import { API_KEYS } from '#common/constants'
import { API_KEY_MESSAGES } from '#common/messages'
import { AI_KEY_PROVIDER_LABELS, type AiKeyProvider } from '#common/schemas/api-keys'
import { env } from '#server/env'
import { AppError } from '#server/platform/app-error'
import { causedByRefusedAddress } from '#server/platform/guarded-fetch'
import { logger } from '#server/platform/logger'
import { userBaseUrlFetch } from './user-base-url.ts'

export type KeyToCheck = { provider: AiKeyProvider; apiKey: string; baseUrl: string | null; model: string | null }

/** The provider's API root: the platform's override (a self-hosted server, the tests' fake) or the public one. */
export function providerBaseUrl(provider: Exclude<AiKeyProvider, 'openai_compatible'>): string {
  const override = { openai: env.OPENAI_BASE_URL, anthropic: env.ANTHROPIC_BASE_URL, perplexity: env.PERPLEXITY_BASE_URL }[provider]
  return (override ?? API_KEYS.defaultBaseUrls[provider]).replace(/\/+$/, '')
}

function testRequest(key: KeyToCheck): { url: string; headers: Record<string, string>; body: unknown } {
  const message = [{ role: 'user', content: 'Hi' }]
  if (key.provider === 'anthropic') {
    return {
      url: `${providerBaseUrl('anthropic')}/messages`,
      headers: { 'x-api-key': key.apiKey, 'anthropic-version': '2023-06-01' },
      body: { model: API_KEYS.validationModels.anthropic, max_tokens: 1, messages: message },
    }
  }
  const url =
    key.provider === 'openai_compatible'
      ? `${key.baseUrl!.replace(/\/+$/, '')}/chat/completions`
      : `${providerBaseUrl(key.provider)}/chat/completions`
  const model = key.provider === 'openai_compatible' ? key.model! : API_KEYS.validationModels[key.provider]
  return {
    url,
    headers: key.apiKey ? { authorization: `Bearer ${key.apiKey}` } : {},
    body: { model, max_tokens: 1, messages: message },
  }
}

/**
 * Asks the provider one one-token question with the key (001 §7). Success or 400 means the key was
 * accepted (a 400 is about the request, not the key); 401, 403 and other refusals mean it was not.
 * A provider that cannot be reached, times out, rate-limits or fails says nothing about the key, so
 * the user is told to try again rather than that a good key is wrong.
 */
export async function checkKeyOrThrow(key: KeyToCheck): Promise<void> {
  const { url, headers, body } = testRequest(key)
  const label = AI_KEY_PROVIDER_LABELS[key.provider]
  let status: number
  try {
    // A user's own server is called through the guarded client; the providers' (or the operator's override) directly.
    const call = key.provider === 'openai_compatible' ? userBaseUrlFetch : fetch
    const res = await call(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      // A redirect could lead the server somewhere the user should not reach through it.
      redirect: 'manual',
      signal: AbortSignal.timeout(API_KEYS.validationTimeoutMs),
    })
    status = res.status
    await res.body?.cancel()
  } catch (error) {
    // The name passed the check before the call but led to a refused address at connect time.
    if (causedByRefusedAddress(error)) {
      throw new AppError('VALIDATION_FAILED', API_KEY_MESSAGES.baseUrlPrivate, [{ path: ['base_url'], message: API_KEY_MESSAGES.baseUrlPrivate }])
    }
    logger.warn({ event: 'api-keys.check.unreachable', provider: key.provider, err: error })
    throw new AppError('BAD_REQUEST', API_KEY_MESSAGES.unreachable(label))
  }
  logger.info({ event: 'api-keys.check', provider: key.provider, status })
  if (status < 300 || status === 400) return
  if (status === 408 || status === 429 || status >= 500) throw new AppError('BAD_REQUEST', API_KEY_MESSAGES.unreachable(label))
  throw new AppError('VALIDATION_FAILED', API_KEY_MESSAGES.invalidKey, [{ path: ['api_key'], message: API_KEY_MESSAGES.invalidKey }])
}
