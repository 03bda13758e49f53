import { PAYMENT_MESSAGES } from '#common/messages'

/** The 'Checkout Failed' body (000 §8): the network text when the failure says network. */
export function checkoutErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error ?? '')
  if (/network|failed to fetch/i.test(message) || error instanceof TypeError) return PAYMENT_MESSAGES.checkoutNetwork
  return PAYMENT_MESSAGES.checkoutGeneric
}
