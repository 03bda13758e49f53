import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AddColumnInput } from '#common/schemas/rows'
import type { UploadColumn } from '#common/schemas/uploads'
import { uploadKeys, uploadUrl } from '#web/lib/upload-query-keys'
import { sendJson } from './send-json'

export function addColumn(uploadId: string, input: AddColumnInput): Promise<UploadColumn> {
  return sendJson(uploadUrl(uploadId, '/columns'), 'POST', input)
}

export function useAddColumn(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: AddColumnInput) => addColumn(uploadId, input),
    // A new column is empty in every row: only the column list changes, not the rows.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: uploadKeys.detail(uploadId), exact: true }),
  })
}
