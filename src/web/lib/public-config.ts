import { queryOptions, useQuery } from '@tanstack/react-query'
import { publicConfigSchema, type PublicConfig } from '#common/schemas/auth'
import { api, unwrap } from '#web/lib/api-client'

export async function getPublicConfig(): Promise<PublicConfig> {
  return publicConfigSchema.parse(await unwrap(await api.config.$get()))
}

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['public-config'],
    queryFn: getPublicConfig,
    staleTime: Infinity,
  })

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions())
}
