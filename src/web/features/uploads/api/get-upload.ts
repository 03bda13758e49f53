import { queryOptions, useQuery } from '@tanstack/react-query'
import type { UploadDetail } from '#common/schemas/uploads'
import { unwrap } from '#web/lib/api-client'
import { uploadKeys, UPLOADS_URL } from '#web/lib/upload-query-keys'

export async function getUpload(uploadId: string): Promise<UploadDetail> {
  return unwrap(await fetch(`${UPLOADS_URL}/${encodeURIComponent(uploadId)}`, { credentials: 'same-origin' }))
}

export const getUploadQueryOptions = (uploadId: string) =>
  queryOptions({
    queryKey: uploadKeys.detail(uploadId),
    queryFn: () => getUpload(uploadId),
  })

export function useUpload(uploadId: string) {
  return useQuery(getUploadQueryOptions(uploadId))
}
