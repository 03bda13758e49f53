import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AiFieldExampleList } from '#common/schemas/enrichment'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { aiKeys } from './ai-columns-query-keys'

export async function getAiFieldExamples(uploadId: string, fieldId: string): Promise<AiFieldExampleList> {
  return unwrap(await api.uploads[':id']['ai-fields'][':fieldId'].examples.$get({ param: pathParams({ id: uploadId, fieldId }) }))
}

export const getAiFieldExamplesQueryOptions = (uploadId: string, fieldId: string) =>
  queryOptions({ queryKey: aiKeys.examples(uploadId, fieldId), queryFn: () => getAiFieldExamples(uploadId, fieldId) })

/** The values the user corrected in a column, kept as its examples (decision 038). */
export function useAiFieldExamples(uploadId: string, fieldId: string) {
  return useQuery(getAiFieldExamplesQueryOptions(uploadId, fieldId))
}
