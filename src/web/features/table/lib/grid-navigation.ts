/** The active cell of the grid: a row position in the loaded rows and a column position (0 = the select column). */
export type ActiveCell = { row: number; col: number }

export type GridBounds = { rowCount: number; colCount: number; pageRows: number }

export type NavigationKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End' | 'PageUp' | 'PageDown'

const NAVIGATION_KEYS: readonly string[] = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']

export function isNavigationKey(key: string): key is NavigationKey {
  return NAVIGATION_KEYS.includes(key)
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max)

/**
 * Where the active cell goes for a key (the WAI-ARIA grid pattern): arrows move one cell, Home/End
 * go to the row's ends (with Ctrl, to the grid's corners), PageUp/PageDown move by a screenful.
 */
export function moveActiveCell(cell: ActiveCell, key: NavigationKey, bounds: GridBounds, withCtrl = false): ActiveCell {
  if (bounds.rowCount === 0 || bounds.colCount === 0) return cell
  const lastRow = bounds.rowCount - 1
  const lastCol = bounds.colCount - 1
  const current = { row: clamp(cell.row, 0, lastRow), col: clamp(cell.col, 0, lastCol) }
  switch (key) {
    case 'ArrowUp':
      return { ...current, row: clamp(current.row - 1, 0, lastRow) }
    case 'ArrowDown':
      return { ...current, row: clamp(current.row + 1, 0, lastRow) }
    case 'ArrowLeft':
      return { ...current, col: clamp(current.col - 1, 0, lastCol) }
    case 'ArrowRight':
      return { ...current, col: clamp(current.col + 1, 0, lastCol) }
    case 'Home':
      return withCtrl ? { row: 0, col: 0 } : { ...current, col: 0 }
    case 'End':
      return withCtrl ? { row: lastRow, col: lastCol } : { ...current, col: lastCol }
    case 'PageUp':
      return { ...current, row: clamp(current.row - Math.max(1, bounds.pageRows), 0, lastRow) }
    case 'PageDown':
      return { ...current, row: clamp(current.row + Math.max(1, bounds.pageRows), 0, lastRow) }
  }
}
