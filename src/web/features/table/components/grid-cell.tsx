import { AlertCircleIcon, Maximize2Icon } from 'lucide-react'
import { memo } from 'react'
import { Link } from 'react-router'
import { GRID_MESSAGES } from '#common/messages'
import type { UploadColumn } from '#common/schemas/uploads'
import { Badge } from '#web/components/ui/badge'
import { cn } from '#web/lib/cn'
import { cellState, isTruncated, truncateCell } from '../lib/cell-text'
import type { CellSlot } from '../lib/grid-extensions'
import { CellEditor } from './cell-editor'

type GridCellProps = {
  column: UploadColumn
  value: string
  rowPosition: number
  colPosition: number
  colIndex: number
  rowIndex: number
  rowNumber: number
  width: number
  stickyLeft: number | null
  isActive: boolean
  isEditing: boolean
  isEditable: boolean
  isSaving: boolean
  onActivate: (row: number, col: number) => void
  onStartEdit: (row: number, col: number) => void
  onExpand: (row: number, col: number) => void
  /** Stable (row, column) handlers, so a row re-rendered for its highlight leaves its cells be. */
  onSave: (row: number, col: number, value: string | null) => void
  onCancelEdit: () => void
  /** Another feature's renderer for this column's cells (AI columns). */
  cellSlot?: CellSlot
}

/** One cell: the 001 §4 states (error badge, credits link, empty, value cut at 40 characters) or its editor. */
export const GridCell = memo(function GridCell(props: GridCellProps) {
  const { column, value, rowPosition, colPosition, colIndex, width, stickyLeft, isActive, isEditing, isEditable } = props

  const state = cellState(value)
  const custom = props.cellSlot?.render(column, props.rowIndex, value) ?? null
  const canOpen = props.cellSlot?.canOpen(column) ?? false
  const truncated = custom === null && state.kind === 'value' && isTruncated(value)

  return (
    <div
      role="gridcell"
      aria-colindex={colIndex}
      aria-readonly={!isEditable}
      tabIndex={isActive ? 0 : -1}
      data-cell={`${rowPosition}:${colPosition}`}
      title={truncated ? value : undefined}
      onClick={() => props.onActivate(rowPosition, colPosition)}
      onDoubleClick={() => isEditable && props.onStartEdit(rowPosition, colPosition)}
      style={{ width, left: stickyLeft ?? undefined }}
      className={cn(
        'group/cell relative flex h-full shrink-0 items-center border-r border-b px-3 text-sm outline-none',
        stickyLeft !== null && 'sticky z-10 bg-background group-data-[selected=true]/row:bg-muted group-data-[updated=true]/row:bg-amber-50 group-data-[highlighted=true]/row:bg-amber-100',
        'focus:ring-2 focus:ring-primary focus:ring-inset',
        column.type === 'number' && 'justify-end tabular-nums',
        isEditing && 'p-0',
      )}
    >
      {isEditing ? (
        <CellEditor
          column={column}
          value={value}
          label={GRID_MESSAGES.editCell(column.name, props.rowNumber)}
          isSaving={props.isSaving}
          onSave={(value) => props.onSave(rowPosition, colPosition, value)}
          onCancel={props.onCancelEdit}
        />
      ) : (
        (custom ?? <CellContent state={state} value={value} />)
      )}
      {(truncated || canOpen) && !isEditing && (
        <button
          type="button"
          tabIndex={-1}
          aria-label={canOpen ? GRID_MESSAGES.cellDetails : GRID_MESSAGES.expandCell}
          onClick={(event) => {
            event.stopPropagation()
            props.onExpand(rowPosition, colPosition)
          }}
          className="absolute right-1 hidden rounded bg-background p-0.5 text-muted-foreground shadow-sm group-hover/cell:block group-focus/cell:block hover:text-foreground"
        >
          <Maximize2Icon className="size-3.5" aria-hidden="true" />
        </button>
      )}
    </div>
  )
})

function CellContent({ state, value }: { state: ReturnType<typeof cellState>; value: string }) {
  if (state.kind === 'empty') return null
  if (state.kind === 'error')
    return (
      <Badge variant="destructive" title={value}>
        <AlertCircleIcon aria-hidden="true" />
        {GRID_MESSAGES.errorBadge}
      </Badge>
    )
  if (state.kind === 'no_credits')
    return (
      <Link to="/dashboard/subscription" className="text-primary underline underline-offset-2">
        {GRID_MESSAGES.addCredits}
      </Link>
    )
  return <span className="truncate whitespace-pre">{truncateCell(state.text)}</span>
}
