import type { AiCell } from '#common/schemas/enrichment'
import { api, pathParams, unwrap } from '#web/lib/api-client'

/** The cells of the rows on screen (at most 500 rows a call). */
export async function getAiCells(uploadId: string, fieldId: string, rowIndexes: number[], signal?: AbortSignal): Promise<{ cells: AiCell[] }> {
  return unwrap(
    await api.uploads[':id']['ai-fields'][':fieldId'].cells.$get(
      { param: pathParams({ id: uploadId, fieldId }), query: { rowIndexes: rowIndexes.join(',') } },
      { init: { signal } },
    ),
  )
}
