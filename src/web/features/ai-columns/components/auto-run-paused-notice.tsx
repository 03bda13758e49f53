import { PauseCircleIcon } from 'lucide-react'
import { AI_COLUMN_MESSAGES } from '#common/messages'
import type { AiField } from '#common/schemas/enrichment'
import { Button } from '#web/components/ui/button'

/** The grid's notice that a column's 'Run on new rows' reached its monthly cap, with the way out. */
export function AutoRunPausedNotice({ field, onChangeCap }: { field: AiField; onChangeCap: () => void }) {
  return (
    <section
      role="status"
      aria-label={AI_COLUMN_MESSAGES.autoRunPausedTitle(field.name)}
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-500/40 bg-amber-50 px-3 py-2.5 text-sm dark:bg-amber-950/30 sm:px-4"
    >
      <p className="flex min-w-0 items-start gap-2">
        <PauseCircleIcon className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
        <span>
          <span className="font-medium">{AI_COLUMN_MESSAGES.autoRunPausedTitle(field.name)}.</span>{' '}
          <span className="text-muted-foreground">{AI_COLUMN_MESSAGES.autoRunPausedBody(field.autoRun.monthlyCap ?? 0)}</span>
        </span>
      </p>
      <Button size="sm" variant="outline" onClick={onChangeCap}>
        {AI_COLUMN_MESSAGES.autoRunRaiseCap}
      </Button>
    </section>
  )
}
