import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UploadColumn } from '#common/schemas/uploads'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { uploadKeys } from '#web/lib/upload-query-keys'

export type CreateFormulaColumnInput = { name: string; formula: string }

/** A formula an answer computed, kept as a formula column (POST /uploads/:id/columns). */
export async function createFormulaColumn(uploadId: string, input: CreateFormulaColumnInput): Promise<UploadColumn> {
  return unwrap(await api.uploads[':id'].columns.$post({ param: pathParams({ id: uploadId }), json: input }))
}

/** Every row gains the column's values: the upload and its rows are read again. */
export function useCreateFormulaColumn(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateFormulaColumnInput) => createFormulaColumn(uploadId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: uploadKeys.detail(uploadId) }),
  })
}
