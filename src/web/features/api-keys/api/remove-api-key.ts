import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiSettings } from '#common/schemas/api-keys'
import { api, unwrap } from '#web/lib/api-client'
import { apiKeysKeys } from './api-keys-query-keys'

export async function removeApiKey(id: string): Promise<ApiSettings> {
  return unwrap(await api['api-keys'][':id'].$delete({ param: { id } }))
}

export function useRemoveApiKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeApiKey,
    onSuccess: (settings) => queryClient.setQueryData(apiKeysKeys.settings(), settings),
  })
}
