import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { subscribeToEvents } from '#web/lib/sse'
import { uploadKeys } from '#web/lib/upload-query-keys'
import { gridEventsUrl } from '#web/lib/grid-events-url'

/**
 * Rows added by API appear while the grid is open (issue 33): a `rows.added` event reads the
 * upload again (its counts and columns, which `addColumns` may have grown) with every rows query
 * of it, whatever the view. On (re)connect it reads again, for what was added while it was closed.
 */
export function useRowsLive(uploadId: string) {
  const queryClient = useQueryClient()
  useEffect(() => {
    let isOpen = false
    const refresh = () => void queryClient.invalidateQueries({ queryKey: uploadKeys.detail(uploadId) })
    return subscribeToEvents(
      gridEventsUrl(uploadId),
      (event) => {
        // Rows added, or the quality report counted again in the background (issue 44).
        if ((event.type === 'rows.added' || event.type === 'upload.report') && event.uploadId === uploadId) refresh()
      },
      () => {},
      {
        onOpen: () => {
          // The first open has nothing to catch up on: the page has just read the rows.
          if (isOpen) refresh()
          isOpen = true
        },
      },
    )
  }, [uploadId, queryClient])
}
