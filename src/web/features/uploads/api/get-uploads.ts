import { queryOptions, useQuery } from '@tanstack/react-query'
import type { UploadSummary } from '#common/schemas/uploads'
import { unwrap } from '#web/lib/api-client'
import { uploadKeys, UPLOADS_URL } from '#web/lib/upload-query-keys'

/** The list contract (CONVENTIONS §15), newest updated first. */
export type UploadList = {
  data: UploadSummary[]
  count: number
  page: number
  perPage: number
  totalPages: number
}

type ListParams = { page: number; perPage: number }

/** While a file is importing, the list refreshes itself so its badge and row count move on. */
const REFRESH_WHILE_PROCESSING_MS = 3000

export async function getUploads({ page, perPage }: ListParams): Promise<UploadList> {
  const query = new URLSearchParams({ page: String(page), perPage: String(perPage) })
  return unwrap(await fetch(`${UPLOADS_URL}?${query}`, { credentials: 'same-origin' }))
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
