import { queryOptions, useQuery } from '@tanstack/react-query'
import { AI } from '#common/constants'
import type { AiField } from '#common/schemas/enrichment'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { aiKeys } from './ai-columns-query-keys'

export type AiFieldList = { fields: AiField[]; enrichedRows: number }

export async function getAiFields(uploadId: string): Promise<AiFieldList> {
  return unwrap(await api.uploads[':id']['ai-fields'].$get({ param: pathParams({ id: uploadId }) }))
}

export const getAiFieldsQueryOptions = (uploadId: string) =>
  queryOptions({ queryKey: aiKeys.fields(uploadId), queryFn: () => getAiFields(uploadId) })

/** The upload's AI fields; polled every 1500 ms while one is processing (001 §9), besides the live events. */
export function useAiFields(uploadId: string) {
  return useQuery({
    ...getAiFieldsQueryOptions(uploadId),
    refetchInterval: (query) => (query.state.data?.fields.some((field) => field.status === 'processing') ? AI.progressPollMs : false),
  })
}
