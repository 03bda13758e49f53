import { useMutation } from '@tanstack/react-query'
import type { CheckoutResult } from '#common/schemas/billing'
import { api, unwrap } from '#web/lib/api-client'

/** create-checkout: Stripe's page to open, or (local provider) the trial already started. */
export async function createCheckout(): Promise<CheckoutResult> {
  return unwrap(await api.billing.checkout.$post())
}

export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout })
}
