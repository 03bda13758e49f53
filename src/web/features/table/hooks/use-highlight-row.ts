import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { useLocateRow } from '../api/locate-row'

/** `highlightRowIndex` from the navigation state (001 §2), when it is a row index. */
export function readHighlightRowIndex(state: unknown): number | null {
  const value = (state as { highlightRowIndex?: unknown } | null)?.highlightRowIndex
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null
}

/**
 * Finds the page of the row named by the navigation state (whatever page it is on, through
 * /rows/locate) and asks the grid to show it once; the grid then scrolls to the row.
 */
export function useHighlightRow(uploadId: string, perPage: number, showPage: (page: number) => void) {
  const location = useLocation()
  const rowIndex = readHighlightRowIndex(location.state)
  const locate = useLocateRow(uploadId, rowIndex, perPage)
  const shownFor = useRef<string | null>(null)
  const location_ = locate.data

  useEffect(() => {
    if (!location_?.found) return
    const key = `${location.key}:${location_.rowIndex}`
    if (shownFor.current === key) return
    shownFor.current = key
    showPage(location_.page)
  }, [location_, location.key, showPage])

  return { rowIndex: location_?.found ? rowIndex : null, requested: rowIndex, isNotFound: location_ ? !location_.found : false }
}
