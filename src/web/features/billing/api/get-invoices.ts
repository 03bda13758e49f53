import { queryOptions, useQuery } from '@tanstack/react-query'
import type { InvoiceList } from '#common/schemas/billing'
import { api, unwrap } from '#web/lib/api-client'
import { billingKeys } from '#web/lib/billing-query-keys'

export async function getInvoices(): Promise<InvoiceList> {
  return unwrap(await api.billing.invoices.$get())
}

export const getInvoicesQueryOptions = () => queryOptions({ queryKey: billingKeys.invoices(), queryFn: getInvoices })

export function useInvoices() {
  return useQuery(getInvoicesQueryOptions())
}
