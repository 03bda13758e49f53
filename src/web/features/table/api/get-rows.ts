import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { rowViewSearchParams, type RowView, type RowsPage } from '#common/schemas/rows'
import type { UploadStatus } from '#common/schemas/uploads'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { uploadKeys } from '#web/lib/upload-query-keys'

export type RowsParams = { page: number; perPage: number; view: RowView }

export async function getRows(uploadId: string, { page, perPage, view }: RowsParams, signal?: AbortSignal): Promise<RowsPage> {
  const query = { ...Object.fromEntries(rowViewSearchParams(view)), page: String(page), perPage: String(perPage) }
  return unwrap(await api.uploads[':id'].rows.$get({ param: pathParams({ id: uploadId }), query }, { init: { signal } }))
}

/**
 * The upload's status is part of the key, so rows read while the file was importing are read again
 * once it is done (an invalidation during a first fetch would reuse that fetch's stale answer).
 */
export const getRowsQueryOptions = (uploadId: string, params: RowsParams, uploadStatus: UploadStatus) =>
  queryOptions({
    queryKey: uploadKeys.rows(uploadId, { mode: 'page', ...params, uploadStatus }),
    queryFn: ({ signal }) => getRows(uploadId, params, signal),
    // The previous page stays on screen while the next one loads: no flash of skeletons.
    placeholderData: keepPreviousData,
  })

export function useRows(uploadId: string, params: RowsParams, uploadStatus: UploadStatus, { enabled = true } = {}) {
  return useQuery({ ...getRowsQueryOptions(uploadId, params, uploadStatus), enabled })
}
