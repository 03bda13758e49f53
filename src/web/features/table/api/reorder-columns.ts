import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ColumnsResponse, ReorderColumnsInput } from '#common/schemas/rows'
import type { UploadDetail } from '#common/schemas/uploads'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { uploadKeys } from '#web/lib/upload-query-keys'
import { withOrder } from '../lib/column-rules'

export async function reorderColumns(uploadId: string, input: ReorderColumnsInput): Promise<ColumnsResponse> {
  return unwrap(await api.uploads[':id'].columns.order.$put({ param: pathParams({ id: uploadId }), json: input }))
}

/** A dragged column lands at once; the server's answer (or the old order, on failure) follows. */
export function useReorderColumns(uploadId: string) {
  const queryClient = useQueryClient()
  const detailKey = uploadKeys.detail(uploadId)
  return useMutation({
    mutationFn: (input: ReorderColumnsInput) => reorderColumns(uploadId, input),
    onMutate: async ({ keys }) => {
      await queryClient.cancelQueries({ queryKey: detailKey, exact: true })
      const previous = queryClient.getQueryData<UploadDetail>(detailKey)
      queryClient.setQueryData<UploadDetail>(detailKey, (old) => (old ? { ...old, columns: withOrder(old.columns, keys) } : old))
      return { previous }
    },
    onSuccess: ({ columns }) => queryClient.setQueryData<UploadDetail>(detailKey, (old) => (old ? { ...old, columns } : old)),
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(detailKey, context.previous)
    },
  })
}
