import { queryOptions, useQuery } from '@tanstack/react-query'
import { SUBSCRIPTION_TIMINGS } from '#common/constants'
import { RESTRICTED_STATUS, type SubscriptionStatus } from '#common/schemas/billing'
import { api, errorStatus, unwrap } from '#web/lib/api-client'
import { billingKeys } from '#web/lib/billing-query-keys'

export type LoadedSubscription = SubscriptionStatus & { check_failed?: boolean }

export async function getSubscription(): Promise<SubscriptionStatus> {
  return unwrap(await api.billing.subscription.$get())
}

/**
 * check-subscription. A failed check falls back to the restricted state (000 §8) rather than an
 * error screen, except a lost session, which the route guard handles.
 */
export async function getSubscriptionOrRestricted(): Promise<LoadedSubscription> {
  try {
    return await getSubscription()
  } catch (error) {
    if (errorStatus(error) === 401) throw error
    return { ...RESTRICTED_STATUS, check_failed: true }
  }
}

export const getSubscriptionQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.subscription(),
    queryFn: getSubscriptionOrRestricted,
    staleTime: 10_000,
    // While a payment method is valid the status is re-checked every 5 minutes (000 §4).
    refetchInterval: (query) => (query.state.data?.payment_method_valid ? SUBSCRIPTION_TIMINGS.recheckWhileValidMs : false),
  })

export function useSubscription() {
  return useQuery(getSubscriptionQueryOptions())
}
