import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiSettings, UpdateKeyPreferenceInput } from '#common/schemas/api-keys'
import { api, unwrap } from '#web/lib/api-client'
import { apiKeysKeys } from './api-keys-query-keys'

/** The credits / own-key switch. */
export async function updateKeyPreference(input: UpdateKeyPreferenceInput): Promise<ApiSettings> {
  return unwrap(await api['api-keys'].preference.$put({ json: input }))
}

export function useUpdateKeyPreference() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateKeyPreference,
    onSuccess: (settings) => queryClient.setQueryData(apiKeysKeys.settings(), settings),
  })
}
