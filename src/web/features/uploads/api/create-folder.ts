import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateFolderInput, FolderSummary } from '#common/schemas/folders'
import { api, unwrap } from '#web/lib/api-client'
import { workspaceKeys } from './workspace-query-keys'

export async function createFolder(input: CreateFolderInput): Promise<FolderSummary> {
  return unwrap(await api.folders.$post({ json: input }))
}

export function useCreateFolder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createFolder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.folders() }),
  })
}
