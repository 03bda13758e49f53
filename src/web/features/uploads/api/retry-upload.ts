import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UploadDetail, UploadSummary } from '#common/schemas/uploads'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { uploadKeys } from '#web/lib/upload-query-keys'

/** Imports a failed (or stopped) upload again from its stored file. */
export async function retryUpload(uploadId: string): Promise<UploadSummary> {
  return unwrap(await api.uploads[':id'].retry.$post({ param: pathParams({ id: uploadId }) }))
}

export function useRetryUpload(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => retryUpload(uploadId),
    onSuccess: (summary) => {
      // The detail turns to 'processing' at once, which starts the live progress.
      queryClient.setQueryData<UploadDetail>(uploadKeys.detail(uploadId), (old) => (old ? { ...old, ...summary } : old))
      void queryClient.invalidateQueries({ queryKey: uploadKeys.detail(uploadId) })
      void queryClient.invalidateQueries({ queryKey: uploadKeys.lists() })
    },
  })
}
