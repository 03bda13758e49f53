import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '#web/lib/api-client'
import { uploadKeys } from '#web/lib/upload-query-keys'
import { workspaceKeys } from './workspace-query-keys'

export async function deleteFolder(folderId: string) {
  return unwrap(await api.folders[':id'].$delete({ param: { id: folderId } }))
}

/** The folder goes; its files come back to the root, so both lists re-read. */
export function useDeleteFolder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteFolder,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: workspaceKeys.folders() }),
        queryClient.invalidateQueries({ queryKey: uploadKeys.lists() }),
      ])
    },
  })
}
