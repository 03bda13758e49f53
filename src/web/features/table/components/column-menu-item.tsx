import { ArrowLeftIcon, ArrowRightIcon, CheckIcon, PencilIcon, Trash2Icon, XIcon } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { FORMULA_EDITOR_MESSAGES, GRID_MESSAGES } from '#common/messages'
import type { UploadColumn } from '#common/schemas/uploads'
import { Button } from '#web/components/ui/button'
import { Checkbox } from '#web/components/ui/checkbox'
import { Input } from '#web/components/ui/input'
import { DeleteColumnButton } from './delete-column-button'

type ColumnMenuItemProps = {
  column: UploadColumn
  isFirst: boolean
  isLast: boolean
  onToggleHidden: (hidden: boolean) => void
  /** Resolves true when the rename was accepted, so the input can close. */
  onRename: (name: string) => Promise<boolean>
  onMove: (direction: -1 | 1) => void
  onDelete: () => Promise<void>
  isDeleting: boolean
  extraAction?: ReactNode
}

/** One line of the Columns menu: show/hide, inline rename, move, delete. */
export function ColumnMenuItem({ column, isFirst, isLast, onToggleHidden, onRename, onMove, onDelete, isDeleting, extraAction }: ColumnMenuItemProps) {
  const [draft, setDraft] = useState<string | null>(null)
  const checkboxId = `column-visible-${column.key}`

  if (draft !== null) {
    const submit = async () => {
      if (await onRename(draft)) setDraft(null)
    }
    return (
      <li className="flex min-w-0 items-center gap-1 py-1">
        <Input
          autoFocus
          aria-label={GRID_MESSAGES.renameColumn(column.name)}
          value={draft}
          maxLength={200}
          className="h-8"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              void submit()
            } else if (event.key === 'Escape') {
              event.preventDefault()
              event.stopPropagation()
              setDraft(null)
            }
          }}
        />
        <Button size="icon-sm" variant="ghost" aria-label={GRID_MESSAGES.save} disabled={draft.trim() === '' || draft.trim() === column.name} onClick={() => void submit()}>
          <CheckIcon aria-hidden="true" />
        </Button>
        <Button size="icon-sm" variant="ghost" aria-label={GRID_MESSAGES.cancel} onClick={() => setDraft(null)}>
          <XIcon aria-hidden="true" />
        </Button>
      </li>
    )
  }

  return (
    <li className="group flex min-w-0 items-center gap-2 rounded-md py-1 pr-1 pl-2 hover:bg-muted/60">
      <Checkbox id={checkboxId} checked={!column.hidden} onCheckedChange={(checked) => onToggleHidden(checked !== true)} aria-label={GRID_MESSAGES.showColumn(column.name)} />
      <label htmlFor={checkboxId} className="min-w-0 flex-1 truncate text-sm" title={column.name}>
        {column.name}
        <span className="ml-1.5 text-xs text-muted-foreground">{column.kind === 'ai' ? 'AI' : column.kind === 'formula' ? FORMULA_EDITOR_MESSAGES.kindLabel(GRID_MESSAGES.columnTypes[column.type]) : GRID_MESSAGES.columnTypes[column.type]}</span>
      </label>
      <Button size="icon-xs" variant="ghost" aria-label={GRID_MESSAGES.moveColumnLeft(column.name)} disabled={isFirst} onClick={() => onMove(-1)}>
        <ArrowLeftIcon aria-hidden="true" />
      </Button>
      <Button size="icon-xs" variant="ghost" aria-label={GRID_MESSAGES.moveColumnRight(column.name)} disabled={isLast} onClick={() => onMove(1)}>
        <ArrowRightIcon aria-hidden="true" />
      </Button>
      {extraAction}
      <Button size="icon-xs" variant="ghost" aria-label={GRID_MESSAGES.renameColumn(column.name)} onClick={() => setDraft(column.name)}>
        <PencilIcon aria-hidden="true" />
      </Button>
      <DeleteColumnButton name={column.name} isDeleting={isDeleting} onDelete={onDelete} icon={<Trash2Icon aria-hidden="true" />} />
    </li>
  )
}
