import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AddColumnInput } from '#common/schemas/rows'
import type { UploadColumn } from '#common/schemas/uploads'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { uploadKeys } from '#web/lib/upload-query-keys'

export async function addColumn(uploadId: string, input: AddColumnInput): Promise<UploadColumn> {
  return unwrap(await api.uploads[':id'].columns.$post({ param: pathParams({ id: uploadId }), json: input }))
}

export function useAddColumn(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: AddColumnInput) => addColumn(uploadId, input),
    // A new typed column is empty in every row: only the column list changes. A formula column
    // was computed for every row: its rows are read again too (the detail key's whole tree).
    onSuccess: (_column, input) => queryClient.invalidateQueries({ queryKey: uploadKeys.detail(uploadId), exact: !('formula' in input) }),
  })
}
