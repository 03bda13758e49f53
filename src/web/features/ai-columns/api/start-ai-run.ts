import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AiRunRequest, AiRunStarted } from '#common/schemas/enrichment'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { aiKeys } from './ai-columns-query-keys'

export async function startAiRun(uploadId: string, fieldId: string, input: AiRunRequest): Promise<AiRunStarted> {
  return unwrap(await api.uploads[':id']['ai-fields'][':fieldId'].runs.$post({ param: pathParams({ id: uploadId, fieldId }), json: input }))
}

export function useStartAiRun(uploadId: string, fieldId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: AiRunRequest) => startAiRun(uploadId, fieldId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiKeys.upload(uploadId) }),
  })
}
