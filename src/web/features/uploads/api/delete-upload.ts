import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UploadListItem } from '#common/schemas/uploads'
import { api, unwrap } from '#web/lib/api-client'
import { uploadKeys } from '#web/lib/upload-query-keys'
import type { UploadList } from './get-uploads'
import { workspaceKeys } from './workspace-query-keys'

export async function deleteUpload(uploadId: string): Promise<{ id: string; filename: string }> {
  return unwrap(await api.uploads[':id'].$delete({ param: { id: uploadId } }))
}

/**
 * Optimistic (001 §4): the card leaves every cached list at once; if the server refuses, the lists
 * are put back as they were and re-read.
 */
export function useDeleteUpload() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (upload: Pick<UploadListItem, 'id' | 'filename'>) => deleteUpload(upload.id),
    onMutate: async (upload) => {
      await queryClient.cancelQueries({ queryKey: uploadKeys.lists() })
      const previous = queryClient.getQueriesData<UploadList>({ queryKey: uploadKeys.lists() })
      queryClient.setQueriesData<UploadList>({ queryKey: uploadKeys.lists() }, (list) =>
        list ? { ...list, data: list.data.filter((item) => item.id !== upload.id), count: Math.max(0, list.count - 1) } : list,
      )
      return { previous }
    },
    onError: (_error, _upload, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data)
    },
    onSettled: async (_result, _error, upload) => {
      queryClient.removeQueries({ queryKey: uploadKeys.detail(upload.id) })
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: uploadKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: workspaceKeys.folders() }),
        queryClient.invalidateQueries({ queryKey: workspaceKeys.stats() }),
      ])
    },
  })
}
