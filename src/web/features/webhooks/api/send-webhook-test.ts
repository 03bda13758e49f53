import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { WebhookDelivery } from '#common/schemas/webhooks'
import { api, unwrap } from '#web/lib/api-client'
import { webhooksKeys } from '#web/lib/webhooks-query-keys'

export async function sendWebhookTest(id: string): Promise<WebhookDelivery> {
  return unwrap(await api.webhooks[':id'].test.$post({ param: { id } }))
}

export function useSendWebhookTest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendWebhookTest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all }),
  })
}
