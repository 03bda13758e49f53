import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { FormulaPreview } from '#common/schemas/rows'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { uploadKeys } from '#web/lib/upload-query-keys'

export async function previewFormula(uploadId: string, formula: string): Promise<FormulaPreview> {
  return unwrap(await api.uploads[':id'].columns['formula-preview'].$post({ param: pathParams({ id: uploadId }), json: { formula } }))
}

/** Under the upload's detail key: a change of its columns or rows asks again. */
export const formulaPreviewKey = (uploadId: string, formula: string) => [...uploadKeys.detail(uploadId), 'formula-preview', formula] as const

export const getFormulaPreviewQueryOptions = (uploadId: string, formula: string) =>
  queryOptions({ queryKey: formulaPreviewKey(uploadId, formula), queryFn: () => previewFormula(uploadId, formula), retry: false })

/**
 * The first rows computed by the server for a formula the browser's checker accepted (null: none
 * to preview yet). The last preview stays on screen while the next one is computed.
 */
export function useFormulaPreview(uploadId: string, formula: string | null) {
  return useQuery({ ...getFormulaPreviewQueryOptions(uploadId, formula ?? ''), enabled: formula !== null, placeholderData: keepPreviousData })
}
