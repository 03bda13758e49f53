import { queryOptions, useQuery } from '@tanstack/react-query'
import type { WebhookList } from '#common/schemas/webhooks'
import { api, unwrap } from '#web/lib/api-client'
import { webhooksKeys } from '#web/lib/webhooks-query-keys'

export async function listWebhooks(): Promise<WebhookList> {
  return unwrap(await api.webhooks.$get())
}

/** Polled while a delivery is pending, so its attempts and status show as they change. */
export const listWebhooksQueryOptions = () =>
  queryOptions({
    queryKey: webhooksKeys.list(),
    queryFn: listWebhooks,
    refetchInterval: (query) =>
      query.state.data?.endpoints.some((endpoint) => endpoint.deliveries.some((delivery) => delivery.status === 'pending')) ? 2000 : false,
  })

export function useWebhooks() {
  return useQuery(listWebhooksQueryOptions())
}
