import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { subscribeToEvents } from '#web/lib/sse'
import { uploadKeys } from '#web/lib/upload-query-keys'
import { workspaceKeys } from '../api/workspace-query-keys'

export const WORKSPACE_EVENTS_URL = '/api/dashboard/events'

/**
 * Keeps file and folder lists current (001 §4): the user's events stream re-reads them when a file
 * or folder changes in another tab, or an import finishes or fails. On (re)connect it re-reads
 * too, to catch up on whatever happened before the stream was open.
 */
export function useWorkspaceLiveRefresh() {
  const queryClient = useQueryClient()
  useEffect(() => {
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: uploadKeys.lists() })
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.folders() })
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.stats() })
    }
    return subscribeToEvents(
      WORKSPACE_EVENTS_URL,
      (event) => {
        if (event.type === 'workspace.changed') refresh()
        else if (event.type === 'upload.progress' && (event.status === 'completed' || event.status === 'failed')) refresh()
      },
      () => {},
      { onOpen: refresh },
    )
  }, [queryClient])
}
