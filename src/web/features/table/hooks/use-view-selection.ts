import type { RowSelectionState, Updater } from '@tanstack/react-table'
import { useState } from 'react'

const NONE: RowSelectionState = {}

/**
 * The selected rows (by row index) of one view. Paging and scrolling keep them; a new search,
 * filter or sort starts with none, so 'Delete Selected' never reaches rows the user cannot see.
 */
export function useViewSelection(viewKey: string) {
  const [selection, setSelection] = useState<{ viewKey: string; rows: RowSelectionState }>({ viewKey, rows: NONE })
  // Reset while rendering (React's pattern for state that follows a prop), so coming back to an
  // earlier view does not bring its old selection back.
  if (selection.viewKey !== viewKey) setSelection({ viewKey, rows: NONE })
  const rows = selection.viewKey === viewKey ? selection.rows : NONE
  const update = (updater: Updater<RowSelectionState>) =>
    setSelection((old) => {
      const current = old.viewKey === viewKey ? old.rows : NONE
      return { viewKey, rows: typeof updater === 'function' ? updater(current) : updater }
    })
  return [rows, update] as const
}
