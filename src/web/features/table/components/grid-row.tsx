import type { Row } from '@tanstack/react-table'
import { memo, useCallback, useSyncExternalStore } from 'react'
import { GRID } from '#common/constants'
import { GRID_MESSAGES } from '#common/messages'
import type { GridRow as GridRowData } from '#common/schemas/rows'
import { useFlash } from '#web/hooks/use-flash'
import { cn } from '#web/lib/cn'
import type { GridColumnMeta, GridFeatures } from '../hooks/use-grid-table'
import { isEditableColumn } from '../lib/column-rules'
import type { CellSlot, RowUpdates } from '../lib/grid-extensions'
import { GridCell } from './grid-cell'

export type CellTarget = { row: number; col: number }

type GridRowProps = {
  row: Row<GridFeatures, GridRowData>
  position: number
  ariaRowIndex: number
  top: number
  width: number
  isSelected: boolean
  isHighlighted: boolean
  activeCol: number | null
  editingCol: number | null
  isSaving: boolean
  /** The row number's width; the first data column is pinned beside it. */
  leadWidth: number
  /** The pinned first column's width is capped on phones; null elsewhere. */
  firstColumnMaxWidth: number | null
  onActivate: (row: number, col: number) => void
  onStartEdit: (row: number, col: number) => void
  onExpand: (row: number, col: number) => void
  onSave: (row: number, col: number, value: string | null) => void
  onCancelEdit: () => void
  cellSlot?: CellSlot
  rowUpdates?: RowUpdates
}

const noUpdates = () => () => {}

/**
 * True for 1.5 s after another feature updated the row (001 §4: a live AI cell filled in). The row
 * listens to its own index only, so an update re-renders this row and no other.
 */
function useRowUpdated(rowUpdates: RowUpdates | undefined, rowIndex: number) {
  const subscribe = useCallback((listener: () => void) => rowUpdates?.subscribe(rowIndex, listener) ?? noUpdates(), [rowUpdates, rowIndex])
  const updatedAt = useSyncExternalStore(subscribe, () => rowUpdates?.updatedAt(rowIndex) ?? 0)
  return useFlash(updatedAt, GRID.updatedRowFlashMs)
}

/** One virtual row: the sticky select/number cell, then the data cells (the first one sticky too). */
export const GridRowView = memo(function GridRowView(props: GridRowProps) {
  const { row, position, isSelected, activeCol, editingCol } = props
  const rowNumber = row.original.rowIndex + 1
  const isUpdated = useRowUpdated(props.rowUpdates, row.original.rowIndex)

  return (
    <div
      role="row"
      aria-rowindex={props.ariaRowIndex}
      aria-selected={isSelected}
      data-row-index={row.original.rowIndex}
      data-selected={isSelected}
      data-highlighted={props.isHighlighted}
      data-updated={isUpdated || undefined}
      style={{ top: props.top, height: GRID.rowHeightPx, minWidth: props.width }}
      className={cn(
        'group/row absolute left-0 flex w-full hover:bg-muted/40',
        isSelected && 'bg-muted',
        isUpdated && 'bg-amber-50 dark:bg-amber-950/40',
        props.isHighlighted && 'bg-amber-100 dark:bg-amber-900/40',
      )}
    >
      <div
        role="gridcell"
        aria-colindex={1}
        tabIndex={activeCol === 0 ? 0 : -1}
        data-cell={`${position}:0`}
        onClick={() => props.onActivate(position, 0)}
        style={{ width: props.leadWidth }}
        className={cn(
          'sticky left-0 z-10 flex shrink-0 items-center gap-1 overflow-hidden border-r border-b bg-background px-2 text-xs text-muted-foreground tabular-nums outline-none md:gap-2 md:px-3',
          'group-data-[selected=true]/row:bg-muted group-data-[updated=true]/row:bg-amber-50 group-data-[highlighted=true]/row:bg-amber-100',
          'focus:ring-2 focus:ring-primary focus:ring-inset',
        )}
      >
        {/* A native checkbox: a fast scroll mounts dozens of these per frame, Radix's cost too much. */}
        <input
          type="checkbox"
          tabIndex={-1}
          checked={isSelected}
          onChange={(event) => row.toggleSelected(event.target.checked)}
          aria-label={GRID_MESSAGES.selectRow(rowNumber)}
          className="size-4 shrink-0 cursor-pointer rounded accent-primary"
        />
        <span>{rowNumber}</span>
      </div>
      {row.getAllCells().map((cell, index) => {
        const { column } = cell.column.columnDef.meta as GridColumnMeta
        const col = index + 1
        return (
          <GridCell
            key={cell.id}
            column={column}
            value={row.original.values[column.key] ?? ''}
            rowPosition={position}
            colPosition={col}
            colIndex={col + 1}
            rowIndex={row.original.rowIndex}
            rowNumber={rowNumber}
            width={index === 0 && props.firstColumnMaxWidth !== null ? Math.min(cell.column.getSize(), props.firstColumnMaxWidth) : cell.column.getSize()}
            stickyLeft={index === 0 ? props.leadWidth : null}
            isActive={activeCol === col}
            isEditing={editingCol === col}
            isEditable={isEditableColumn(column) || (props.cellSlot?.canEdit?.(column) ?? false)}
            isSaving={props.isSaving}
            onActivate={props.onActivate}
            onStartEdit={props.onStartEdit}
            onExpand={props.onExpand}
            onSave={props.onSave}
            onCancelEdit={props.onCancelEdit}
            cellSlot={props.cellSlot}
          />
        )
      })}
    </div>
  )
})
