import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AiFieldExampleList } from '#common/schemas/enrichment'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { aiKeys } from './ai-columns-query-keys'

export async function removeAiFieldExample(uploadId: string, fieldId: string, exampleId: string): Promise<AiFieldExampleList> {
  return unwrap(await api.uploads[':id']['ai-fields'][':fieldId'].examples[':exampleId'].$delete({ param: pathParams({ id: uploadId, fieldId, exampleId }) }))
}

/** One example removed: the list is the server's answer; the cell stays corrected. */
export function useRemoveAiFieldExample(uploadId: string, fieldId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (exampleId: string) => removeAiFieldExample(uploadId, fieldId, exampleId),
    onSuccess: (list) => queryClient.setQueryData(aiKeys.examples(uploadId, fieldId), list),
  })
}
