import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AiCell } from '#common/schemas/enrichment'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { aiKeys } from './ai-columns-query-keys'

export async function getAiCell(uploadId: string, fieldId: string, rowIndex: number): Promise<AiCell> {
  return unwrap(await api.uploads[':id']['ai-fields'][':fieldId'].cells[':rowIndex'].$get({ param: pathParams({ id: uploadId, fieldId, rowIndex: String(rowIndex) }) }))
}

export const getAiCellQueryOptions = (uploadId: string, fieldId: string, rowIndex: number) =>
  queryOptions({ queryKey: aiKeys.cell(uploadId, fieldId, rowIndex), queryFn: () => getAiCell(uploadId, fieldId, rowIndex) })

/** One cell with its provenance, for the detail panel. */
export function useAiCell(uploadId: string, fieldId: string, rowIndex: number) {
  return useQuery(getAiCellQueryOptions(uploadId, fieldId, rowIndex))
}
