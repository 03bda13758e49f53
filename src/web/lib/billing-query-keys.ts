import type { QueryClient } from '@tanstack/react-query'
import type { SubscriptionStatus } from '#common/schemas/billing'

/** One key tree for billing: invalidating `billingKeys.all` refreshes plan, credits and history. Shared: AI runs and tests spend credits. */
export const billingKeys = {
  all: ['billing'] as const,
  subscription: () => [...billingKeys.all, 'subscription'] as const,
  usage: () => [...billingKeys.all, 'usage'] as const,
  transactions: (params: { page: number; perPage: number }) => [...billingKeys.all, 'transactions', params] as const,
  invoices: () => [...billingKeys.all, 'invoices'] as const,
}

/** A balance the server sent with an event (a run's progress): the credit badge shows it without asking again. */
export function setCreditBalance(queryClient: QueryClient, balance: number) {
  queryClient.setQueryData<SubscriptionStatus>(billingKeys.subscription(), (old) => (old && old.current_credits !== balance ? { ...old, current_credits: balance } : old))
}
