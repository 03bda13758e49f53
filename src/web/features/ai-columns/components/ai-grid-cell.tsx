import { AlertCircleIcon, ClockIcon, HistoryIcon, UserPenIcon } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { Link } from 'react-router'
import { CELL_TRUNCATE_CHARS, GRID } from '#common/constants'
import { AI_COLUMN_MESSAGES, GRID_MESSAGES } from '#common/messages'
import { Badge } from '#web/components/ui/badge'
import { Spinner } from '#web/components/ui/spinner'
import { useFlash } from '#web/hooks/use-flash'
import { cn } from '#web/lib/cn'
import type { AiCellStore } from '../lib/ai-cell-store'
import { aiCellView } from '../lib/cell-state'

/**
 * One AI cell: listens to its own entry of the store, so a live update re-renders this cell only;
 * a change is highlighted for 1.5 s (001 §4).
 */
export function AiGridCell({
  store,
  fieldId,
  rowIndex,
  rowValue,
  isNumber,
}: {
  store: AiCellStore
  fieldId: string
  rowIndex: number
  rowValue: string
  /** Number columns align their values right, as the grid does. */
  isNumber: boolean
}) {
  const cell = useSyncExternalStore(
    (listener) => store.subscribe(fieldId, rowIndex, listener),
    () => store.get(fieldId, rowIndex),
  )
  const isFlashing = useFlash(cell?.changedAt ?? 0, GRID.updatedRowFlashMs)

  const view = aiCellView(cell, rowValue)
  return (
    <span data-ai-cell={view.kind} data-flash={isFlashing || undefined} className={cn('flex min-w-0 flex-1 items-center gap-1.5 rounded-sm transition-colors', isNumber && view.kind === 'value' && 'justify-end tabular-nums', isFlashing && 'bg-amber-100 dark:bg-amber-900/40')}>
      {view.kind === 'queued' && (
        <span className="flex items-center gap-1 text-xs text-muted-foreground">
          <ClockIcon className="size-3.5" aria-hidden="true" />
          {AI_COLUMN_MESSAGES.queued}
        </span>
      )}
      {view.kind === 'running' && (
        <span className="flex items-center gap-1 text-xs text-muted-foreground">
          <Spinner className="size-3.5" />
          {AI_COLUMN_MESSAGES.running}
        </span>
      )}
      {view.kind === 'error' && (
        <Badge variant="destructive" title={view.message}>
          <AlertCircleIcon aria-hidden="true" />
          {GRID_MESSAGES.errorBadge}
          <span className="sr-only">: {view.message}</span>
        </Badge>
      )}
      {view.kind === 'no_credits' && (
        <Link to="/dashboard/subscription" className="text-primary underline underline-offset-2" onClick={(event) => event.stopPropagation()}>
          {GRID_MESSAGES.addCredits}
        </Link>
      )}
      {view.kind === 'cancelled' && <span className="text-xs text-muted-foreground">{AI_COLUMN_MESSAGES.cancelled}</span>}
      {view.kind === 'value' && (
        <>
          <span className={cn('truncate whitespace-pre', view.isStale && 'text-muted-foreground')}>
            {view.text.length > CELL_TRUNCATE_CHARS ? `${view.text.slice(0, CELL_TRUNCATE_CHARS).trimEnd()}…` : view.text}
          </span>
          {view.isCorrected && (
            <span title={AI_COLUMN_MESSAGES.correctedBadge} className="shrink-0" data-corrected>
              <UserPenIcon className="size-3.5 text-primary" aria-label={AI_COLUMN_MESSAGES.correctedBadge} />
            </span>
          )}
          {view.isStale && (
            <span title={AI_COLUMN_MESSAGES.stale} className="shrink-0">
              <HistoryIcon className="size-3.5 text-amber-600" aria-label={AI_COLUMN_MESSAGES.staleBadge} />
            </span>
          )}
        </>
      )}
    </span>
  )
}
