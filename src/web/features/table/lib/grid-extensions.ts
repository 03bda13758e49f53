import type { ReactNode } from 'react'
import type { RowView } from '#common/schemas/rows'
import type { UploadColumn } from '#common/schemas/uploads'

/** What the grid tells its extensions about the user's current choice of rows. */
export type GridContext = { selectedRowIndexes: number[]; view: RowView; hasViewFilters: boolean }

/** A renderer for some columns' cells (AI columns): its own content, and a detail panel to open. */
export type CellSlot = {
  /** The cell's content, or null to let the grid show the value as usual. */
  render: (column: UploadColumn, rowIndex: number, value: string) => ReactNode | null
  /** True when the column's cells open a detail panel (expand button, Enter). */
  canOpen: (column: UploadColumn) => boolean
  /** True when the slot's cells may be edited in the grid although the column is not the user's own (an AI column's correction). */
  canEdit?: (column: UploadColumn) => boolean
  open: (column: UploadColumn, rowIndex: number) => void
}

/**
 * When another feature last changed a row's data (live AI cells), so the row is highlighted for
 * 1.5 s (001 §4). Each row listens to its own index: an update re-renders that row only.
 */
export type RowUpdates = {
  updatedAt: (rowIndex: number) => number
  subscribe: (rowIndex: number, listener: () => void) => () => void
}

/**
 * Slots another feature fills through the route (features do not import each other): the AI
 * columns give a toolbar action, a banner, their cell renderer, a header menu and a Columns-menu
 * item, and learn which rows are on screen. `cell`, `rowUpdates` and `onVisibleRowsChange` must be
 * stable.
 */
export type GridExtensions = {
  toolbarActions?: (context: GridContext) => ReactNode
  banner?: ReactNode
  cell?: CellSlot
  rowUpdates?: RowUpdates
  headerAction?: (column: UploadColumn, context: GridContext) => ReactNode
  columnMenuAction?: (column: UploadColumn) => ReactNode
  /** The row indexes in the grid's window (rows on screen plus overscan). */
  onVisibleRowsChange?: (rowIndexes: number[]) => void
}
