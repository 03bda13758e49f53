import type { Header } from '@tanstack/react-table'
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react'
import { useRef, useState, type CSSProperties, type ReactNode } from 'react'
import type { GridRow } from '#common/schemas/rows'
import { cn } from '#web/lib/cn'
import type { GridColumnMeta, GridFeatures } from '../hooks/use-grid-table'

type GridHeaderCellProps = {
  header: Header<GridFeatures, GridRow, unknown>
  colIndex: number
  style: CSSProperties
  isSticky: boolean
  onMoveColumn: (moved: string, target: string) => void
  /** A control after the name (the AI column's menu). */
  action?: ReactNode
}

const DRAG_TYPE = 'application/x-rowcraft-column'

/**
 * A column header: click sorts (ascending, descending, none, on the server), drag onto another
 * header reorders, drag the right edge resizes. Reordering also exists in the Columns menu for
 * keyboard users.
 */
export function GridHeaderCell({ header, colIndex, style, isSticky, onMoveColumn, action }: GridHeaderCellProps) {
  const { column } = header.column.columnDef.meta as GridColumnMeta
  const sorted = header.column.getIsSorted()
  const [isDropTarget, setIsDropTarget] = useState(false)
  const isResizePointer = useRef(false)
  const SortIcon = sorted === 'asc' ? ArrowUpIcon : sorted === 'desc' ? ArrowDownIcon : ArrowUpDownIcon

  return (
    <div
      role="columnheader"
      // Named by the column alone: a control beside the name (the AI menu) must not join it.
      aria-label={column.name}
      aria-colindex={colIndex}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
      data-column-key={column.key}
      draggable
      onDragStart={(event) => {
        // A drag that starts on the resize handle resizes; the header must not move with it.
        if (isResizePointer.current || header.column.getIsResizing()) {
          event.preventDefault()
          return
        }
        event.dataTransfer.setData(DRAG_TYPE, column.key)
        event.dataTransfer.effectAllowed = 'move'
      }}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes(DRAG_TYPE)) return
        event.preventDefault()
        event.dataTransfer.dropEffect = 'move'
        setIsDropTarget(true)
      }}
      onDragLeave={() => setIsDropTarget(false)}
      onDrop={(event) => {
        event.preventDefault()
        setIsDropTarget(false)
        const moved = event.dataTransfer.getData(DRAG_TYPE)
        if (moved) onMoveColumn(moved, column.key)
      }}
      style={style}
      className={cn(
        'group relative flex h-10 shrink-0 items-center border-r border-b bg-muted text-sm font-medium',
        isSticky && 'sticky z-20',
        isDropTarget && 'bg-accent ring-2 ring-primary ring-inset',
      )}
    >
      {/* In the tab order: the header's sort is the one grid action the arrow keys do not reach. */}
      <button
        type="button"
        onClick={header.column.getToggleSortingHandler()}
        className="flex h-full min-w-0 flex-1 cursor-pointer items-center gap-1 px-3 text-left outline-none hover:bg-accent/60 focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-inset"
        title={column.name}
      >
        <span className="truncate">{column.name}</span>
        <SortIcon className={cn('size-3.5 shrink-0', sorted ? 'text-foreground' : 'text-muted-foreground/60')} aria-hidden="true" />
      </button>
      {action}
      <div
        aria-hidden="true"
        onMouseDown={(event) => {
          isResizePointer.current = true
          window.addEventListener('mouseup', () => (isResizePointer.current = false), { once: true })
          header.getResizeHandler()(event)
        }}
        onTouchStart={header.getResizeHandler()}
        onDoubleClick={() => header.column.resetSize()}
        draggable={false}
        onDragStart={(event) => event.preventDefault()}
        data-testid={`resize-${column.key}`}
        className={cn(
          'absolute top-0 right-0 z-10 h-full w-1.5 cursor-col-resize touch-none select-none hover:bg-primary/50',
          header.column.getIsResizing() && 'bg-primary',
        )}
      />
    </div>
  )
}
