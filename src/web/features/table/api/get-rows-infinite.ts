import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { GRID } from '#common/constants'
import type { RowView } from '#common/schemas/rows'
import type { UploadStatus } from '#common/schemas/uploads'
import { uploadKeys } from '#web/lib/upload-query-keys'
import { getRows } from './get-rows'

/** Continuous scroll: pages of 100 rows, the next one asked for as the user nears the end. */
export const getRowsInfiniteQueryOptions = (uploadId: string, view: RowView, uploadStatus: UploadStatus) =>
  infiniteQueryOptions({
    queryKey: uploadKeys.rows(uploadId, { mode: 'infinite', view, uploadStatus }),
    queryFn: ({ pageParam, signal }) => getRows(uploadId, { page: pageParam, perPage: GRID.continuousPageSize, view }, signal),
    initialPageParam: 1,
    // Past the server's count cap the last page is unknown: go on while pages come back full.
    getNextPageParam: (last) =>
      last.page < last.totalPages || (!last.isCountExact && last.data.length === last.perPage) ? last.page + 1 : undefined,
    placeholderData: keepPreviousData,
  })

export function useRowsInfinite(uploadId: string, view: RowView, uploadStatus: UploadStatus, { enabled = true } = {}) {
  return useInfiniteQuery({ ...getRowsInfiniteQueryOptions(uploadId, view, uploadStatus), enabled })
}
