import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { RowsPage } from '#common/schemas/uploads'
import { unwrap } from '#web/lib/api-client'
import { uploadKeys, UPLOADS_URL } from './upload-query-keys'

type RowsParams = { page: number; perPage: number }

export async function getUploadRows(uploadId: string, { page, perPage }: RowsParams): Promise<RowsPage> {
  const query = new URLSearchParams({ page: String(page), perPage: String(perPage) })
  return unwrap(
    await fetch(`${UPLOADS_URL}/${encodeURIComponent(uploadId)}/rows?${query}`, { credentials: 'same-origin' }),
  )
}

export const getUploadRowsQueryOptions = (uploadId: string, params: RowsParams) =>
  queryOptions({
    queryKey: uploadKeys.rows(uploadId, params),
    queryFn: () => getUploadRows(uploadId, params),
    placeholderData: keepPreviousData,
  })

export function useUploadRows(uploadId: string, params: RowsParams, { enabled = true } = {}) {
  return useQuery({ ...getUploadRowsQueryOptions(uploadId, params), enabled })
}
