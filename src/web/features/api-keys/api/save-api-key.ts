import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiKeySummary, SaveApiKeyInput } from '#common/schemas/api-keys'
import { api, unwrap } from '#web/lib/api-client'
import { apiKeysKeys } from './api-keys-query-keys'

/** Saves a key after the server's test call accepted it. */
export async function saveApiKey(input: SaveApiKeyInput): Promise<ApiKeySummary> {
  return unwrap(await api['api-keys'].$post({ json: input }))
}

export function useSaveApiKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.all }),
  })
}
