import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RenameUploadInput } from '#common/schemas/rows'
import type { UploadDetail, UploadSummary } from '#common/schemas/uploads'
import { unwrap } from '#web/lib/api-client'
import { uploadKeys, uploadUrl } from '#web/lib/upload-query-keys'

export async function renameUpload(uploadId: string, input: RenameUploadInput): Promise<UploadSummary> {
  return unwrap(
    await fetch(uploadUrl(uploadId), {
      method: 'PATCH',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    }),
  )
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
