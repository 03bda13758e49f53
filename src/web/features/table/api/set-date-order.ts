import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { DateOrder, DateOrderCheck, UploadColumn } from '#common/schemas/uploads'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { uploadKeys } from '#web/lib/upload-query-keys'

export async function setDateOrder(uploadId: string, key: string, order: DateOrder): Promise<UploadColumn> {
  return unwrap(await api.uploads[':id'].columns[':key']['date-order'].$put({ param: pathParams({ id: uploadId, key }), json: { order } }))
}

/** Before a switch: how many of the column's dates cannot be read in `order` (issue 44). */
export async function checkDateOrder(uploadId: string, key: string, order: DateOrder): Promise<DateOrderCheck> {
  return unwrap(await api.uploads[':id'].columns[':key']['date-order'].$get({ param: pathParams({ id: uploadId, key }), query: { order } }))
}

/** A date column read in the other day/month order: the upload and its rows (sorted, filtered by it) are read again. */
export function useSetDateOrder(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ key, order }: { key: string; order: DateOrder }) => setDateOrder(uploadId, key, order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: uploadKeys.detail(uploadId) }),
  })
}
