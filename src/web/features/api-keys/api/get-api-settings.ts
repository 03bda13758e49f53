import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ApiSettings } from '#common/schemas/api-keys'
import { api, unwrap } from '#web/lib/api-client'
import { apiKeysKeys } from './api-keys-query-keys'

export async function getApiSettings(): Promise<ApiSettings> {
  return unwrap(await api['api-keys'].$get())
}

export const getApiSettingsQueryOptions = () => queryOptions({ queryKey: apiKeysKeys.settings(), queryFn: getApiSettings })

export function useApiSettings() {
  return useQuery(getApiSettingsQueryOptions())
}
