import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { WebhookDelivery } from '#common/schemas/webhooks'
import { api, unwrap } from '#web/lib/api-client'
import { webhooksKeys } from '#web/lib/webhooks-query-keys'

export async function resendWebhookDelivery({ id, deliveryId }: { id: string; deliveryId: string }): Promise<WebhookDelivery> {
  return unwrap(await api.webhooks[':id'].deliveries[':deliveryId'].resend.$post({ param: { id, deliveryId } }))
}

export function useResendWebhookDelivery() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resendWebhookDelivery,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all }),
  })
}
