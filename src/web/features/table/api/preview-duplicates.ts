import { queryOptions, useQuery } from '@tanstack/react-query'
import type { DuplicatesPreview, DuplicatesSpecInput } from '#common/schemas/duplicates'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { uploadKeys } from '#web/lib/upload-query-keys'

/** What 'Remove duplicates' would delete; nothing is deleted. */
export async function previewDuplicates(uploadId: string, spec: DuplicatesSpecInput, signal?: AbortSignal): Promise<DuplicatesPreview> {
  return unwrap(await api.uploads[':id'].duplicates.preview.$post({ param: pathParams({ id: uploadId }), json: spec }, { init: { signal } }))
}

/** Under the upload's key: deleting rows refreshes the count. */
export const previewDuplicatesQueryOptions = (uploadId: string, spec: DuplicatesSpecInput) =>
  queryOptions({
    queryKey: [...uploadKeys.detail(uploadId), 'duplicates', spec] as const,
    queryFn: ({ signal }) => previewDuplicates(uploadId, spec, signal),
  })

export function usePreviewDuplicates(uploadId: string, spec: DuplicatesSpecInput, { enabled = true } = {}) {
  return useQuery({ ...previewDuplicatesQueryOptions(uploadId, spec), enabled })
}
