import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ColumnsResponse } from '#common/schemas/rows'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { uploadKeys } from '#web/lib/upload-query-keys'

export async function deleteColumn(uploadId: string, key: string): Promise<ColumnsResponse> {
  return unwrap(await api.uploads[':id'].columns[':key'].$delete({ param: pathParams({ id: uploadId, key }) }))
}

export function useDeleteColumn(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (key: string) => deleteColumn(uploadId, key),
    // 001 §8: a schema refresh follows, whether the delete worked or not.
    onSettled: () => queryClient.invalidateQueries({ queryKey: uploadKeys.detail(uploadId) }),
  })
}
