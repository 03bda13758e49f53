import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UploadSummary } from '#common/schemas/uploads'
import { api, unwrap } from '#web/lib/api-client'
import { uploadKeys } from '#web/lib/upload-query-keys'
import { workspaceKeys } from './workspace-query-keys'

export async function moveUpload({ uploadId, folderId }: { uploadId: string; folderId: string | null }): Promise<UploadSummary> {
  return unwrap(await api.uploads[':id'].folder.$put({ param: { id: uploadId }, json: { folderId } }))
}

export function useMoveUpload() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: moveUpload,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: uploadKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: workspaceKeys.folders() }),
      ])
    },
  })
}
