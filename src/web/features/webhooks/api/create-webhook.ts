import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreatedWebhook, CreateWebhookInput } from '#common/schemas/webhooks'
import { api, unwrap } from '#web/lib/api-client'
import { webhooksKeys } from '#web/lib/webhooks-query-keys'

/** Adds an endpoint; the answer is the only time its signing secret is shown. */
export async function createWebhook(input: CreateWebhookInput): Promise<CreatedWebhook> {
  return unwrap(await api.webhooks.$post({ json: input }))
}

export function useCreateWebhook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all }),
  })
}
