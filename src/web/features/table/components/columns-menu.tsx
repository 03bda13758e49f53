import { Columns3Icon, SigmaIcon } from 'lucide-react'
import { Fragment, useState, type ReactNode } from 'react'
import { FORMULA_EDITOR_MESSAGES, GRID_MESSAGES } from '#common/messages'
import type { UploadColumn } from '#common/schemas/uploads'
import { Button } from '#web/components/ui/button'
import { Popover, PopoverContent, PopoverTrigger } from '#web/components/ui/popover'
import { Separator } from '#web/components/ui/separator'
import type { ColumnActions } from '../hooks/use-column-actions'
import { sortedColumns } from '../lib/column-rules'
import { AddColumnForm } from './add-column-form'
import { ColumnMenuItem } from './column-menu-item'
import { DateOrderLine } from './date-order-line'

/**
 * The Columns menu (001 §2): show/hide, rename inline, reorder, delete, and add a typed column; a
 * date column's day/month order and its switch (issue 30); add a formula column, edit a formula (issue 32).
 */
export function ColumnsMenu({
  columns,
  actions,
  columnAction,
  onAddFormula,
  onEditFormula,
}: {
  columns: UploadColumn[]
  actions: ColumnActions
  /** Another feature's action for a column ('modify AI column'). */
  columnAction?: (column: UploadColumn) => ReactNode
  /** Open the formula dialog (the menu closes first, so the dialog has the focus). */
  onAddFormula: () => void
  onEditFormula: (column: UploadColumn) => void
}) {
  const ordered = sortedColumns(columns)
  const [isOpen, setIsOpen] = useState(false)
  const openFormula = (open: () => void) => {
    setIsOpen(false)
    open()
  }
  return (
    <Popover open={isOpen} onOpenChange={setIsOpen}>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm">
          <Columns3Icon aria-hidden="true" />
          {GRID_MESSAGES.columns}
        </Button>
      </PopoverTrigger>
      {/* Never taller than the room Radix measures beside the button: the list gives way first, and at
          the smallest heights the whole popover scrolls, so 'Add column' is always reachable. */}
      <PopoverContent
        align="end"
        collisionPadding={8}
        className="flex max-h-(--radix-popover-content-available-height) w-[min(24rem,calc(100vw-2rem))] flex-col overflow-y-auto overscroll-contain p-3"
        aria-label={GRID_MESSAGES.columnsMenuLabel}
      >
        <p className="mb-2 text-sm font-medium">{GRID_MESSAGES.columns}</p>
        {/* One column no wider than the menu: a long name is cut with an ellipsis, never widening the list (issue 44: on a
            phone the list scrolled sideways, its move, rename and delete buttons off screen). */}
        <ul className="grid max-h-72 min-h-20 shrink grid-cols-[minmax(0,1fr)] gap-0.5 overflow-x-hidden overflow-y-auto" aria-label={GRID_MESSAGES.columns}>
          {ordered.map((column, index) => (
            <Fragment key={column.key}>
            <ColumnMenuItem
              column={column}
              isFirst={index === 0}
              isLast={index === ordered.length - 1}
              onToggleHidden={(hidden) => actions.setHidden(column.key, hidden)}
              onRename={(name) => actions.rename(column.key, name)}
              onMove={(direction) => {
                const target = ordered[index + direction]
                if (target) actions.move(column.key, target.key)
              }}
              onDelete={() => actions.remove(column.key)}
              // One delete at a time (001 §5): every delete button waits for the running one.
              isDeleting={actions.deletingKey !== null}
              extraAction={
                column.kind === 'formula' ? (
                  <Button size="icon-xs" variant="ghost" aria-label={`${FORMULA_EDITOR_MESSAGES.editFormula}: ${column.name}`} onClick={() => openFormula(() => onEditFormula(column))}>
                    <SigmaIcon aria-hidden="true" />
                  </Button>
                ) : (
                  columnAction?.(column)
                )
              }
            />
            <DateOrderLine
              column={column}
              isBusy={actions.isSettingDateOrder}
              onCheck={(order) => actions.checkDateOrder(column.key, order)}
              onSwitch={(order) => actions.setDateOrder(column.key, order)}
            />
            </Fragment>
          ))}
        </ul>
        <Separator className="my-3" />
        <AddColumnForm onAdd={actions.add} isAdding={actions.isAdding} />
        <Button type="button" size="sm" variant="outline" className="mt-2" onClick={() => openFormula(onAddFormula)}>
          <SigmaIcon aria-hidden="true" />
          {FORMULA_EDITOR_MESSAGES.addFormulaColumn}
        </Button>
      </PopoverContent>
    </Popover>
  )
}
