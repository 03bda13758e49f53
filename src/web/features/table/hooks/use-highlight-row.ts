import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { useLocateRow } from '../api/locate-row'
import { readHighlightRowIndex } from '../lib/highlight-state'

/**
 * Finds the page of the row named by the navigation state (whatever page it is on, through
 * /rows/locate) and asks the grid to show it once; the grid then scrolls to the row.
 */
export function useHighlightRow(uploadId: string, perPage: number, showPage: (page: number) => void) {
  const location = useLocation()
  const rowIndex = readHighlightRowIndex(location.state)
  const locate = useLocateRow(uploadId, rowIndex, perPage)
  const shownFor = useRef<string | null>(null)
  const located = locate.data

  useEffect(() => {
    if (!located?.found) return
    const key = `${location.key}:${located.rowIndex}`
    if (shownFor.current === key) return
    shownFor.current = key
    showPage(located.page)
  }, [located, location.key, showPage])

  return { rowIndex: located?.found ? rowIndex : null, requested: rowIndex, isNotFound: located ? !located.found : false }
}
