/** One key tree for billing: invalidating `billingKeys.all` refreshes plan, credits and history. Shared: AI runs and tests spend credits. */
export const billingKeys = {
  all: ['billing'] as const,
  subscription: () => [...billingKeys.all, 'subscription'] as const,
  usage: () => [...billingKeys.all, 'usage'] as const,
  transactions: (params: { page: number; perPage: number }) => [...billingKeys.all, 'transactions', params] as const,
  invoices: () => [...billingKeys.all, 'invoices'] as const,
}
