import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { FolderSummary, WorkspaceSort } from '#common/schemas/folders'
import { api, unwrap } from '#web/lib/api-client'
import { workspaceKeys } from './workspace-query-keys'

type Params = { q?: string; sort: WorkspaceSort }

export async function getFolders({ q, sort }: Params): Promise<FolderSummary[]> {
  const { data } = await unwrap(await api.folders.$get({ query: { sort, ...(q ? { q } : {}) } }))
  return data
}

export const getFoldersQueryOptions = (params: Params) =>
  queryOptions({
    queryKey: workspaceKeys.folderList(params),
    queryFn: () => getFolders(params),
    placeholderData: keepPreviousData,
  })

export function useFolders(params: Params) {
  return useQuery(getFoldersQueryOptions(params))
}
