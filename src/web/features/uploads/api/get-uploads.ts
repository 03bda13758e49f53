import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '#web/lib/api-client'
import { uploadKeys } from '#web/lib/upload-query-keys'

type ListParams = { page: number; perPage: number }

/** While a file is importing, the list refreshes itself so its badge and row count move on. */
const REFRESH_WHILE_PROCESSING_MS = 3000

/** The list contract (CONVENTIONS §15), newest updated first. */
export async function getUploads({ page, perPage }: ListParams) {
  return unwrap(await api.uploads.$get({ query: { page: String(page), perPage: String(perPage) } }))
}

export const getUploadsQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: uploadKeys.list(params),
    queryFn: () => getUploads(params),
    refetchInterval: (query) =>
      query.state.data?.data.some((upload) => upload.status === 'processing') ? REFRESH_WHILE_PROCESSING_MS : false,
  })

export function useUploads(params: ListParams) {
  return useQuery(getUploadsQueryOptions(params))
}
