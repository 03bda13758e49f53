import { EraserIcon, GraduationCapIcon, ListChecksIcon, PencilIcon, PlayIcon, RepeatIcon, SparklesIcon } from 'lucide-react'
import { useState } from 'react'
import { AI_COLUMN_MESSAGES } from '#common/messages'
import type { AiField } from '#common/schemas/enrichment'
import { ConfirmDialog } from '#web/components/confirm-dialog'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '#web/components/ui/dropdown-menu'

type AiColumnHeaderMenuProps = {
  field: AiField
  onRun: () => void
  onModify: () => void
  onAutoRun: () => void
  onClear: () => void
  onRerunWithCorrections: () => void
  onExamples: () => void
}

/**
 * The AI column's header menu: 'Run…' (estimate first), 'Modify AI column', 'Re-run with my
 * corrections…' and 'Examples…' (prompt columns, decision 038), 'Run on new rows…', 'Clear' (confirmed).
 */
export function AiColumnHeaderMenu({ field, onRun, onModify, onAutoRun, onClear, onRerunWithCorrections, onExamples }: AiColumnHeaderMenuProps) {
  const [isConfirmingClear, setIsConfirmingClear] = useState(false)
  const isActive = field.status === 'processing' || field.status === 'paused'
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={AI_COLUMN_MESSAGES.columnMenu(field.name)}
          // The header is draggable and sorts on click: the menu must do neither.
          draggable={false}
          onDragStart={(event) => event.preventDefault()}
          className="mr-1.5 flex size-6 shrink-0 items-center justify-center rounded text-primary outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-primary"
        >
          <SparklesIcon className="size-3.5" aria-hidden="true" />
          {field.autoRun.enabled && <RepeatIcon className="-ml-0.5 size-2.5" aria-label={AI_COLUMN_MESSAGES.autoRunOnBadge(field.name)} />}
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={onRun} disabled={isActive}>
            <PlayIcon aria-hidden="true" />
            {AI_COLUMN_MESSAGES.runColumn}
          </DropdownMenuItem>
          {/* An HTTP API column's request is set when it is made (editing it is not built yet). */}
          {!field.source && (
            <DropdownMenuItem onSelect={onModify}>
              <PencilIcon aria-hidden="true" />
              {AI_COLUMN_MESSAGES.modifyColumn}
            </DropdownMenuItem>
          )}
          {!field.source && (
            <>
              <DropdownMenuItem onSelect={onRerunWithCorrections} disabled={isActive || field.counts.corrected === 0}>
                <GraduationCapIcon aria-hidden="true" />
                {AI_COLUMN_MESSAGES.rerunWithCorrections}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={onExamples}>
                <ListChecksIcon aria-hidden="true" />
                {AI_COLUMN_MESSAGES.examplesMenu(field.counts.corrected)}
              </DropdownMenuItem>
            </>
          )}
          <DropdownMenuItem onSelect={onAutoRun}>
            <RepeatIcon aria-hidden="true" />
            {AI_COLUMN_MESSAGES.autoRunMenu}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setIsConfirmingClear(true)} disabled={isActive || field.counts.total === 0}>
            <EraserIcon aria-hidden="true" />
            {AI_COLUMN_MESSAGES.clearColumn}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {isConfirmingClear && (
        <ConfirmDialog
          title={AI_COLUMN_MESSAGES.clearConfirmTitle(field.name)}
          description={AI_COLUMN_MESSAGES.clearConfirm}
          confirmLabel={AI_COLUMN_MESSAGES.clearColumn}
          cancelLabel={AI_COLUMN_MESSAGES.cancel}
          isPending={false}
          onClose={() => setIsConfirmingClear(false)}
          onConfirm={() => {
            setIsConfirmingClear(false)
            onClear()
          }}
        />
      )}
    </>
  )
}
