import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { WebhookList } from '#common/schemas/webhooks'
import { api, unwrap } from '#web/lib/api-client'
import { webhooksKeys } from '#web/lib/webhooks-query-keys'

export async function deleteWebhook(id: string): Promise<WebhookList> {
  return unwrap(await api.webhooks[':id'].$delete({ param: { id } }))
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: (list) => queryClient.setQueryData(webhooksKeys.list(), list),
  })
}
