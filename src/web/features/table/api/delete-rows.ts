import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { DeleteRowsInput, DeleteRowsResult } from '#common/schemas/rows'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { uploadKeys } from '#web/lib/upload-query-keys'

export async function deleteRows(uploadId: string, input: DeleteRowsInput): Promise<DeleteRowsResult> {
  return unwrap(await api.uploads[':id'].rows.$delete({ param: pathParams({ id: uploadId }), json: input }))
}

export function useDeleteRows(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: DeleteRowsInput) => deleteRows(uploadId, input),
    // Counts, completeness and every rows page change: refresh the whole upload.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: uploadKeys.detail(uploadId) }),
  })
}
