import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { CreditTransactionsPage } from '#common/schemas/billing'
import { api, unwrap } from '#web/lib/api-client'
import { billingKeys } from '#web/lib/billing-query-keys'

type Params = { page: number; perPage: number }

export async function getCreditTransactions({ page, perPage }: Params): Promise<CreditTransactionsPage> {
  return unwrap(await api.billing.credits.transactions.$get({ query: { page: String(page), perPage: String(perPage) } }))
}

export const getCreditTransactionsQueryOptions = (params: Params) =>
  queryOptions({ queryKey: billingKeys.transactions(params), queryFn: () => getCreditTransactions(params), placeholderData: keepPreviousData })

export function useCreditTransactions(params: Params) {
  return useQuery(getCreditTransactionsQueryOptions(params))
}
