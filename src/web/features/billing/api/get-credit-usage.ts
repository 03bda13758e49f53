import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CreditUsage } from '#common/schemas/billing'
import { api, unwrap } from '#web/lib/api-client'
import { billingKeys } from '#web/lib/billing-query-keys'

export async function getCreditUsage(): Promise<CreditUsage> {
  return unwrap(await api.billing.credits.usage.$get())
}

export const getCreditUsageQueryOptions = () => queryOptions({ queryKey: billingKeys.usage(), queryFn: getCreditUsage })

export function useCreditUsage() {
  return useQuery(getCreditUsageQueryOptions())
}
