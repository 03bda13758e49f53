import { useMutation } from '@tanstack/react-query'
import type { AiRunEstimate, AiRunRequest } from '#common/schemas/enrichment'
import { api, pathParams, unwrap } from '#web/lib/api-client'

export async function estimateAiRun(uploadId: string, fieldId: string, input: AiRunRequest): Promise<AiRunEstimate> {
  return unwrap(await api.uploads[':id']['ai-fields'][':fieldId'].estimate.$post({ param: pathParams({ id: uploadId, fieldId }), json: input }))
}

/** A mutation, not a query: the estimate is asked again each time the scope or budget changes. */
export function useEstimateAiRun(uploadId: string, fieldId: string) {
  return useMutation({ mutationFn: (input: AiRunRequest) => estimateAiRun(uploadId, fieldId, input) })
}
