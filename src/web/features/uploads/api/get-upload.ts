import { queryOptions, useQuery } from '@tanstack/react-query'
import type { UploadDetail } from '#common/schemas/uploads'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { uploadKeys } from '#web/lib/upload-query-keys'

export async function getUpload(uploadId: string): Promise<UploadDetail> {
  return unwrap(await api.uploads[':id'].$get({ param: pathParams({ id: uploadId }) }))
}

export const getUploadQueryOptions = (uploadId: string) =>
  queryOptions({
    queryKey: uploadKeys.detail(uploadId),
    queryFn: () => getUpload(uploadId),
  })

export function useUpload(uploadId: string) {
  return useQuery(getUploadQueryOptions(uploadId))
}
