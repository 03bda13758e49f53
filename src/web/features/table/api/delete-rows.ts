import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { DeleteRowsInput, DeleteRowsResult } from '#common/schemas/rows'
import { uploadKeys, uploadUrl } from '#web/lib/upload-query-keys'
import { sendJson } from './send-json'

export function deleteRows(uploadId: string, input: DeleteRowsInput): Promise<DeleteRowsResult> {
  return sendJson(uploadUrl(uploadId, '/rows'), 'DELETE', input)
}

export function useDeleteRows(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: DeleteRowsInput) => deleteRows(uploadId, input),
    // Counts, completeness and every rows page change: refresh the whole upload.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: uploadKeys.detail(uploadId) }),
  })
}
