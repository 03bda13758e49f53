import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AiField, AiRunAction } from '#common/schemas/enrichment'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { aiKeys } from './ai-columns-query-keys'

/** Pause, resume or cancel a field's run. */
export async function controlAiRun(uploadId: string, fieldId: string, action: AiRunAction): Promise<AiField> {
  return unwrap(await api.uploads[':id']['ai-fields'][':fieldId'][':action'].$post({ param: pathParams({ id: uploadId, fieldId, action }) }))
}

export function useControlAiRun(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ fieldId, action }: { fieldId: string; action: AiRunAction }) => controlAiRun(uploadId, fieldId, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiKeys.upload(uploadId) }),
  })
}
