import { API_KEY_MESSAGES } from '#common/messages'
import { env } from '#server/env'
import { AppError } from '#server/platform/app-error'
import { addressRefusal, createGuardedFetch, findRefusedAddress, type AddressPolicy } from '#server/platform/guarded-fetch'

/**
 * A user's own OpenAI-compatible base URL is called from the server: through the guarded client,
 * which refuses private and local addresses unless the operator allows them
 * (ALLOW_PRIVATE_AI_URLS), checked when the key is saved and again on every call (issue 23 §6).
 */
export const userUrlPolicy: AddressPolicy = { allowPrivate: () => env.ALLOW_PRIVATE_AI_URLS }

/** The fetch for calls to users' base URLs: the key check and every AI call on such a key. */
export const userBaseUrlFetch = createGuardedFetch(userUrlPolicy)

const baseUrlError = (message: string) => new AppError('VALIDATION_FAILED', message, [{ path: ['base_url'], message }])

/** Refuses, with the reason in product words, a base URL whose host is or resolves to an address the policy refuses. */
export async function assertUserBaseUrlAllowedOrThrow(baseUrl: string): Promise<void> {
  let refused: string | null
  try {
    refused = await findRefusedAddress(baseUrl, userUrlPolicy)
  } catch {
    throw baseUrlError(API_KEY_MESSAGES.baseUrlNotFound)
  }
  if (refused === null) return
  throw baseUrlError(addressRefusal(refused, userUrlPolicy) === 'private' ? API_KEY_MESSAGES.baseUrlPrivate : API_KEY_MESSAGES.baseUrlReserved)
}
