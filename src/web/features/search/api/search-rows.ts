import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { SearchResult } from '#common/schemas/search'
import { api, unwrap } from '#web/lib/api-client'

export const searchKeys = {
  all: ['search'] as const,
  term: (term: string) => [...searchKeys.all, term] as const,
}

export async function searchRows(term: string): Promise<SearchResult> {
  return unwrap(await api.search.$get({ query: { q: term } }))
}

export const searchRowsQueryOptions = (term: string) =>
  queryOptions({ queryKey: searchKeys.term(term), queryFn: () => searchRows(term), staleTime: 30_000, retry: false })

/**
 * The hits for a settled term; off for a blank one. While the next term loads, the previous
 * term's hits stay on screen (`isPlaceholderData`) rather than the list blinking empty.
 */
export function useSearchRows(term: string) {
  return useQuery({ ...searchRowsQueryOptions(term), enabled: term !== '', placeholderData: keepPreviousData })
}
