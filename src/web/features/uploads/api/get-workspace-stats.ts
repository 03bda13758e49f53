import { queryOptions, useQuery } from '@tanstack/react-query'
import type { WorkspaceStats } from '#common/schemas/folders'
import { api, unwrap } from '#web/lib/api-client'
import { workspaceKeys } from './workspace-query-keys'

export async function getWorkspaceStats(): Promise<WorkspaceStats> {
  return unwrap(await api.dashboard.stats.$get())
}

export const getWorkspaceStatsQueryOptions = () =>
  queryOptions({ queryKey: workspaceKeys.stats(), queryFn: getWorkspaceStats, staleTime: 10_000 })

export function useWorkspaceStats() {
  return useQuery(getWorkspaceStatsQueryOptions())
}
