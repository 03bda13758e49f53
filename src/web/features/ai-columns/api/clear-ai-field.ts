import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AiField } from '#common/schemas/enrichment'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { uploadKeys } from '#web/lib/upload-query-keys'
import { aiKeys } from './ai-columns-query-keys'

export async function clearAiField(uploadId: string, fieldId: string): Promise<AiField> {
  return unwrap(await api.uploads[':id']['ai-fields'][':fieldId'].clear.$post({ param: pathParams({ id: uploadId, fieldId }) }))
}

/** Every cell of the column is emptied: the fields, the rows and the upload's counts are read again. */
export function useClearAiField(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (fieldId: string) => clearAiField(uploadId, fieldId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: aiKeys.upload(uploadId) }),
        queryClient.invalidateQueries({ queryKey: uploadKeys.detail(uploadId) }),
      ]),
  })
}
