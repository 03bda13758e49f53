import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateApiTokenInput, CreatedApiToken } from '#common/schemas/api-tokens'
import { api, unwrap } from '#web/lib/api-client'
import { apiTokensKeys } from './api-tokens-query-keys'

/** Creates a token; the answer is the only time its value is ever shown. */
export async function createApiToken(input: CreateApiTokenInput): Promise<CreatedApiToken> {
  return unwrap(await api['api-tokens'].$post({ json: input }))
}

export function useCreateApiToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensKeys.all }),
  })
}
