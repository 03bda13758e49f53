import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '#web/lib/api-client'

/** Named secrets for HTTP API columns (issue 43): names only ever come back. */
export const secretsKeys = {
  all: ['secrets'] as const,
  list: () => [...secretsKeys.all, 'list'] as const,
}

export const listSecretsQueryOptions = () =>
  queryOptions({
    queryKey: secretsKeys.list(),
    queryFn: async () => unwrap(await api.secrets.$get()),
  })

export function useSecrets() {
  return useQuery(listSecretsQueryOptions())
}

export function useSaveSecret() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ name, value }: { name: string; value: string }) => unwrap(await api.secrets[':name'].$put({ param: { name }, json: { value } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secretsKeys.all }),
  })
}

export function useRemoveSecret() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (name: string) => unwrap(await api.secrets[':name'].$delete({ param: { name } })),
    onSuccess: (list) => queryClient.setQueryData(secretsKeys.list(), list),
  })
}
