import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ApiTokenList } from '#common/schemas/api-tokens'
import { api, unwrap } from '#web/lib/api-client'
import { apiTokensKeys } from './api-tokens-query-keys'

export async function listApiTokens(): Promise<ApiTokenList> {
  return unwrap(await api['api-tokens'].$get())
}

export const listApiTokensQueryOptions = () => queryOptions({ queryKey: apiTokensKeys.list(), queryFn: listApiTokens })

export function useApiTokens() {
  return useQuery(listApiTokensQueryOptions())
}
