import type { WorkspaceSort } from '#common/schemas/folders'

/** Folders and the dashboard counters; files use `uploadKeys` from `#web/lib/upload-query-keys`. */
export const workspaceKeys = {
  folders: () => ['folders'] as const,
  folderList: (params: { q?: string; sort: WorkspaceSort }) => [...workspaceKeys.folders(), params] as const,
  stats: () => ['dashboard', 'stats'] as const,
}
