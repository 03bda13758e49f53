import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AiField, UpdateAiFieldInput } from '#common/schemas/enrichment'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { uploadKeys } from '#web/lib/upload-query-keys'
import { aiKeys } from './ai-columns-query-keys'

export async function updateAiField(uploadId: string, fieldId: string, input: UpdateAiFieldInput): Promise<AiField> {
  return unwrap(await api.uploads[':id']['ai-fields'][':fieldId'].$patch({ param: pathParams({ id: uploadId, fieldId }), json: input }))
}

/** A new prompt makes done cells stale; a new name renames the column: both are read again. */
export function useUpdateAiField(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ fieldId, ...input }: UpdateAiFieldInput & { fieldId: string }) => updateAiField(uploadId, fieldId, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: aiKeys.upload(uploadId) }),
        queryClient.invalidateQueries({ queryKey: uploadKeys.detail(uploadId) }),
      ]),
  })
}
