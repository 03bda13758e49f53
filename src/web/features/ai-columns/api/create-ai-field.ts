import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AiField, CreateAiFieldInput } from '#common/schemas/enrichment'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { uploadKeys } from '#web/lib/upload-query-keys'
import { aiKeys } from './ai-columns-query-keys'

export async function createAiField(uploadId: string, input: CreateAiFieldInput): Promise<AiField> {
  return unwrap(await api.uploads[':id']['ai-fields'].$post({ param: pathParams({ id: uploadId }), json: input }))
}

/** The new field's column joins the upload's columns: the upload and its rows are read again. */
export function useCreateAiField(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateAiFieldInput) => createAiField(uploadId, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: aiKeys.upload(uploadId) }),
        queryClient.invalidateQueries({ queryKey: uploadKeys.detail(uploadId) }),
      ]),
  })
}
