import { WEBHOOK_MESSAGES } from '#common/messages'
import { env } from '#server/env'
import { AppError } from '#server/platform/app-error'
import { addressRefusal, createGuardedFetch, findRefusedAddress, type AddressPolicy } from '#server/platform/guarded-fetch'

/** The same rule as users' AI base URLs (decision 015): private networks only when the operator allows them. */
export const webhookUrlPolicy: AddressPolicy = { allowPrivate: () => env.ALLOW_PRIVATE_AI_URLS }

/** Every delivery goes through this: the address each connection resolves to is checked, no redirect is followed. */
export const webhookFetch = createGuardedFetch(webhookUrlPolicy)

const urlError = (message: string) => new AppError('VALIDATION_FAILED', message, [{ path: ['url'], message }])

/**
 * Refuses, in product words, a webhook URL that is not https (http only for a private address the
 * operator allows, such as a receiver beside a self-hosted app) or whose host resolves to an
 * address the policy refuses. Deliveries are checked again at connect time.
 */
export async function assertWebhookUrlAllowedOrThrow(url: string): Promise<void> {
  let refused: string | null
  let isPrivate: boolean
  try {
    refused = await findRefusedAddress(url, webhookUrlPolicy)
    isPrivate = (await findRefusedAddress(url, { allowPrivate: () => false })) !== null
  } catch {
    throw urlError(WEBHOOK_MESSAGES.urlNotFound)
  }
  if (refused !== null) {
    throw urlError(addressRefusal(refused, webhookUrlPolicy) === 'private' ? WEBHOOK_MESSAGES.urlPrivate : WEBHOOK_MESSAGES.urlReserved)
  }
  if (new URL(url).protocol === 'http:' && !isPrivate) throw urlError(WEBHOOK_MESSAGES.urlHttpOnlyLocal)
}
