import { PauseIcon, PlayIcon, RefreshCwIcon, SquareIcon } from 'lucide-react'
import { AI_COLUMN_MESSAGES, AI_FIELD_MESSAGES } from '#common/messages'
import type { AiField, AiRunAction } from '#common/schemas/enrichment'
import { Button } from '#web/components/ui/button'
import { Progress } from '#web/components/ui/progress'
import { Spinner } from '#web/components/ui/spinner'

type AiProgressBannerProps = {
  field: AiField
  isBusy: boolean
  isRefreshing: boolean
  onAction: (action: AiRunAction) => void
  onRefresh: () => void
}

/** A running (or paused) field's banner: processed/total, Pause / Resume / Cancel, 'Refresh Status'. */
export function AiProgressBanner({ field, isBusy, isRefreshing, onAction, onRefresh }: AiProgressBannerProps) {
  const isPaused = field.status === 'paused'
  const percent = field.totalRows > 0 ? Math.min(100, Math.round((field.processedRows / field.totalRows) * 100)) : 0
  return (
    <section
      aria-label={AI_COLUMN_MESSAGES.bannerLabel(field.name)}
      className="grid gap-2 rounded-lg border border-primary/30 bg-primary/5 px-3 py-2.5 sm:px-4"
      data-testid="ai-progress-banner"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" aria-live="polite" className="flex min-w-0 items-center gap-2 text-sm font-medium">
          {!isPaused && <Spinner className="size-3.5 shrink-0" />}
          <span className="truncate">{isPaused ? AI_COLUMN_MESSAGES.bannerPaused(field.name) : AI_COLUMN_MESSAGES.bannerRunning(field.name)}</span>
          <span className="shrink-0 font-normal text-muted-foreground tabular-nums">{AI_COLUMN_MESSAGES.processedOf(field.processedRows, field.totalRows)}</span>
        </p>
        <div className="flex flex-wrap items-center gap-1.5">
          {isPaused ? (
            <Button size="sm" variant="outline" disabled={isBusy} onClick={() => onAction('resume')}>
              <PlayIcon aria-hidden="true" />
              {AI_COLUMN_MESSAGES.resume}
            </Button>
          ) : (
            <Button size="sm" variant="outline" disabled={isBusy} onClick={() => onAction('pause')}>
              <PauseIcon aria-hidden="true" />
              {AI_COLUMN_MESSAGES.pause}
            </Button>
          )}
          <Button size="sm" variant="outline" disabled={isBusy} onClick={() => onAction('cancel')}>
            <SquareIcon aria-hidden="true" />
            {AI_COLUMN_MESSAGES.cancelRun}
          </Button>
          <Button size="sm" variant="ghost" disabled={isRefreshing} onClick={onRefresh}>
            {isRefreshing ? <Spinner /> : <RefreshCwIcon aria-hidden="true" />}
            {AI_FIELD_MESSAGES.refreshStatus}
          </Button>
        </div>
      </div>
      {isPaused && field.run?.stopReason === 'no_active_plan' && (
        <p className="text-sm text-muted-foreground" data-testid="ai-paused-no-plan">
          {AI_FIELD_MESSAGES.pausedNoActivePlan}
        </p>
      )}
      <Progress value={percent} aria-label={AI_COLUMN_MESSAGES.bannerLabel(field.name)} />
    </section>
  )
}
