import { queryOptions, useQuery } from '@tanstack/react-query'
import type { RowLocation } from '#common/schemas/rows'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { uploadKeys } from '#web/lib/upload-query-keys'

export async function locateRow(uploadId: string, rowIndex: number, perPage: number): Promise<RowLocation> {
  const query = { rowIndex: String(rowIndex), perPage: String(perPage) }
  return unwrap(await api.uploads[':id'].rows.locate.$get({ param: pathParams({ id: uploadId }), query }))
}

export const locateRowQueryOptions = (uploadId: string, rowIndex: number, perPage: number) =>
  queryOptions({
    queryKey: uploadKeys.locate(uploadId, { rowIndex, perPage }),
    queryFn: () => locateRow(uploadId, rowIndex, perPage),
    staleTime: Infinity,
  })

/** Where the row named by the navigation state sits in the default view; off without one. */
export function useLocateRow(uploadId: string, rowIndex: number | null, perPage: number) {
  return useQuery({ ...locateRowQueryOptions(uploadId, rowIndex ?? 0, perPage), enabled: rowIndex !== null })
}
