import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ColumnsResponse } from '#common/schemas/rows'
import { uploadKeys, uploadUrl } from '#web/lib/upload-query-keys'
import { sendJson } from './send-json'

export function deleteColumn(uploadId: string, key: string): Promise<ColumnsResponse> {
  return sendJson(uploadUrl(uploadId, `/columns/${encodeURIComponent(key)}`), 'DELETE')
}

export function useDeleteColumn(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (key: string) => deleteColumn(uploadId, key),
    // 001 §8: a schema refresh follows, whether the delete worked or not.
    onSettled: () => queryClient.invalidateQueries({ queryKey: uploadKeys.detail(uploadId) }),
  })
}
