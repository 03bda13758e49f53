import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { RowsPage } from '#common/schemas/rows'
import type { UploadStatus } from '#common/schemas/uploads'
import { unwrap } from '#web/lib/api-client'
import { uploadKeys, UPLOADS_URL } from './upload-query-keys'

type RowsParams = { page: number; perPage: number }

export async function getUploadRows(uploadId: string, { page, perPage }: RowsParams): Promise<RowsPage> {
  const query = new URLSearchParams({ page: String(page), perPage: String(perPage) })
  return unwrap(
    await fetch(`${UPLOADS_URL}/${encodeURIComponent(uploadId)}/rows?${query}`, { credentials: 'same-origin' }),
  )
}

/**
 * The upload's status is part of the key, so rows read while the file was importing are read again
 * once it is done. Invalidating is not enough: an invalidation that comes while a query's first
 * fetch is in flight reuses that fetch, and its answer from before the import ended would stay.
 */
export const getUploadRowsQueryOptions = (uploadId: string, params: RowsParams, uploadStatus: UploadStatus) =>
  queryOptions({
    queryKey: [...uploadKeys.rows(uploadId, params), uploadStatus],
    queryFn: () => getUploadRows(uploadId, params),
    placeholderData: keepPreviousData,
  })

export function useUploadRows(
  uploadId: string,
  params: RowsParams,
  uploadStatus: UploadStatus,
  { enabled = true } = {},
) {
  return useQuery({ ...getUploadRowsQueryOptions(uploadId, params, uploadStatus), enabled })
}
