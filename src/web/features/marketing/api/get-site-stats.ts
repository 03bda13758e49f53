import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SiteStats } from '#common/schemas/site'
import { api, unwrap } from '#web/lib/api-client'

export async function getSiteStats(): Promise<SiteStats> {
  return unwrap(await api.site.stats.$get())
}

export const siteStatsQueryOptions = queryOptions({
  queryKey: ['site', 'stats'],
  queryFn: getSiteStats,
  staleTime: 60_000,
})

export function useSiteStats() {
  return useQuery(siteStatsQueryOptions)
}
