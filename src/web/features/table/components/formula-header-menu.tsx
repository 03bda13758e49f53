import { PencilIcon, SigmaIcon } from 'lucide-react'
import { FORMULA_EDITOR_MESSAGES } from '#common/messages'
import type { UploadColumn } from '#common/schemas/uploads'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '#web/components/ui/dropdown-menu'

/** A formula column's header menu: 'Edit formula' (its formula error, when it has one, is the trigger's title). */
export function FormulaHeaderMenu({ column, onEdit }: { column: UploadColumn; onEdit: () => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={FORMULA_EDITOR_MESSAGES.columnMenu(column.name)}
        title={column.formulaError ?? column.formula ?? undefined}
        // The header is draggable and sorts on click: the menu must do neither.
        draggable={false}
        onDragStart={(event) => event.preventDefault()}
        className="mr-1.5 flex size-6 shrink-0 items-center justify-center rounded text-muted-foreground outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-primary data-[error=true]:text-destructive"
        data-error={column.formulaError ? 'true' : undefined}
      >
        <SigmaIcon className="size-3.5" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={onEdit}>
          <PencilIcon aria-hidden="true" />
          {FORMULA_EDITOR_MESSAGES.editFormula}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
