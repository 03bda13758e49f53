import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiTokenList } from '#common/schemas/api-tokens'
import { api, unwrap } from '#web/lib/api-client'
import { webhooksKeys } from '#web/lib/webhooks-query-keys'
import { apiTokensKeys } from './api-tokens-query-keys'

export async function revokeApiToken(id: string): Promise<ApiTokenList> {
  return unwrap(await api['api-tokens'][':id'].$delete({ param: { id } }))
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: (list) => {
      queryClient.setQueryData(apiTokensKeys.list(), list)
      // Webhooks the token created are turned off with it: the list says so.
      return queryClient.invalidateQueries({ queryKey: webhooksKeys.all })
    },
  })
}
