import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RenameUploadInput } from '#common/schemas/rows'
import type { UploadDetail, UploadSummary } from '#common/schemas/uploads'
import { api, pathParams, unwrap } from '#web/lib/api-client'
import { uploadKeys } from '#web/lib/upload-query-keys'

export async function renameUpload(uploadId: string, input: RenameUploadInput): Promise<UploadSummary> {
  return unwrap(await api.uploads[':id'].$patch({ param: pathParams({ id: uploadId }), json: input }))
}

export function useRenameUpload(uploadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: RenameUploadInput) => renameUpload(uploadId, input),
    onSuccess: (summary) => {
      // The title changes at once; lists (File Storage, dashboard) read the new name on next visit.
      queryClient.setQueryData<UploadDetail>(uploadKeys.detail(uploadId), (old) => (old ? { ...old, ...summary } : old))
      void queryClient.invalidateQueries({ queryKey: uploadKeys.lists() })
    },
  })
}
