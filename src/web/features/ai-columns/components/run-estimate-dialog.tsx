import { AlertTriangleIcon, CheckCircle2Icon, PlayIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { AI_COLUMN_MESSAGES, AI_FIELD_MESSAGES, CREDIT_MESSAGES, WATERFALL_UI } from '#common/messages'
import type { AiField, AiRunRequest, AiRunScope } from '#common/schemas/enrichment'
import { Button } from '#web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog'
import { Input } from '#web/components/ui/input'
import { Label } from '#web/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select'
import { Spinner } from '#web/components/ui/spinner'
import { errorMessage } from '#web/lib/api-client'
import { useEstimateAiRun } from '../api/estimate-ai-run'
import { useStartAiRun } from '../api/start-ai-run'
import { apiErrorTitle } from '../lib/api-error-title'
import { describeEstimate, formatCredits } from '../lib/estimate-format'
import type { RowChoice } from '../lib/row-choice'

type RunEstimateDialogProps = {
  uploadId: string
  field: AiField
  initialScope: AiRunScope
  rows: RowChoice
  onClose: () => void
}

const SCOPES: AiRunScope[] = ['all', 'empty', 'failed', 'stale', 'selected', 'view', 'corrections']

/**
 * The pre-flight estimate confirmed before every run: the scope, rows, credits, whether the
 * balance covers them, the estimated time and an optional credit budget; Start runs it.
 */
export function RunEstimateDialog({ uploadId, field, initialScope, rows, onClose }: RunEstimateDialogProps) {
  const [scope, setScope] = useState<AiRunScope>(initialScope)
  const [budgetText, setBudgetText] = useState('')
  const estimate = useEstimateAiRun(uploadId, field.id)
  const start = useStartAiRun(uploadId, field.id)
  const budget = budgetText.trim() === '' ? undefined : Number(budgetText)
  const isBudgetValid = budget === undefined || (Number.isInteger(budget) && budget >= 1)
  const request: AiRunRequest = {
    scope,
    ...(scope === 'selected' && { rowIndexes: rows.selectedRowIndexes }),
    ...(scope === 'view' && { view: rows.view }),
    ...(budget !== undefined && isBudgetValid && { budget }),
  }
  const requestKey = JSON.stringify(request)
  const { mutate: requestEstimate } = estimate

  useEffect(() => {
    const timer = setTimeout(() => requestEstimate(JSON.parse(requestKey) as AiRunRequest), 200)
    return () => clearTimeout(timer)
  }, [requestKey, requestEstimate])

  const lines = estimate.data ? describeEstimate(estimate.data) : null
  // A balance below one cell's price pays for nothing: the server refuses such a run, so Start is off.
  const paysNoCell = Boolean(estimate.data && !estimate.data.ownKey && estimate.data.balance < estimate.data.creditsPerCell)
  const canStart = Boolean(
    estimate.data && estimate.data.cells > 0 && (estimate.data.provider || estimate.data.ownKey) && !paysNoCell && !estimate.isPending && isBudgetValid && !start.isPending,
  )

  const run = () =>
    start.mutate(request, {
      onSuccess: (started) => {
        toast.success(AI_FIELD_MESSAGES.enrichmentStarted, { description: AI_COLUMN_MESSAGES.processedOf(0, started.total_rows) })
        onClose()
      },
      onError: (error) => {
        // 001 §8: 'Failed to start enrichment' under 'Error', with the server's reason; a refusal
        // with a title of its own (Insufficient Credits) keeps it.
        const title = apiErrorTitle(error, AI_FIELD_MESSAGES.errorTitle)
        const reason = errorMessage(error, undefined)
        const description = title === AI_FIELD_MESSAGES.errorTitle ? [AI_FIELD_MESSAGES.startFailed, reason].filter(Boolean).join('. ') : (reason ?? AI_FIELD_MESSAGES.startFailed)
        toast.error(title, { description })
      },
    })

  const isScopeDisabled = (option: AiRunScope) =>
    (option === 'selected' && rows.selectedRowIndexes.length === 0) || (option === 'view' && !rows.hasViewFilters) || (option === 'corrections' && field.counts.corrected === 0)

  return (
    <Dialog open onOpenChange={(open) => !open && !start.isPending && onClose()}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{AI_COLUMN_MESSAGES.estimateTitle(field.name)}</DialogTitle>
          <DialogDescription>{AI_COLUMN_MESSAGES.estimateDescription}</DialogDescription>
        </DialogHeader>

        <div className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor="ai-run-scope">{AI_COLUMN_MESSAGES.scope}</Label>
              <Select value={scope} onValueChange={(value) => setScope(value as AiRunScope)}>
                <SelectTrigger id="ai-run-scope" className="w-full" aria-label={AI_COLUMN_MESSAGES.scope}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {SCOPES.map((option) => (
                    <SelectItem key={option} value={option} disabled={isScopeDisabled(option)}>
                      {option === 'selected' ? AI_COLUMN_MESSAGES.scopes.selected(rows.selectedRowIndexes.length) : AI_COLUMN_MESSAGES.scopes[option]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="ai-run-budget">{AI_COLUMN_MESSAGES.budget}</Label>
              <Input
                id="ai-run-budget"
                type="number"
                inputMode="numeric"
                min={1}
                value={budgetText}
                aria-invalid={isBudgetValid ? undefined : true}
                aria-describedby="ai-run-budget-hint"
                onChange={(event) => setBudgetText(event.target.value)}
              />
              <p id="ai-run-budget-hint" className="text-xs text-muted-foreground">
                {AI_COLUMN_MESSAGES.budgetHint}
              </p>
            </div>
          </div>

          {estimate.isError && (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(estimate.error, AI_FIELD_MESSAGES.startFailed)}
            </p>
          )}
          {!lines && estimate.isPending && (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner />
              {AI_COLUMN_MESSAGES.estimating}
            </p>
          )}
          {lines && estimate.data && (
            <div className="grid gap-3" aria-busy={estimate.isPending} data-testid="ai-run-estimate">
              <dl className="grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
                <dt className="text-muted-foreground">{AI_COLUMN_MESSAGES.rowsInScope}</dt>
                <dd className="tabular-nums">{lines.rows}</dd>
                <dt className="text-muted-foreground">{AI_COLUMN_MESSAGES.cells}</dt>
                <dd className="tabular-nums">
                  {lines.cells}
                  {lines.distinctInputs && <span className="block text-xs text-muted-foreground">{lines.distinctInputs}</span>}
                </dd>
                <dt className="text-muted-foreground">{estimate.data.waterfall ? WATERFALL_UI.worstCase : AI_COLUMN_MESSAGES.credits}</dt>
                <dd className="tabular-nums">{lines.credits}</dd>
                {estimate.data.waterfall && (
                  <>
                    <dt className="text-muted-foreground">{WATERFALL_UI.expected}</dt>
                    <dd className="tabular-nums" data-testid="waterfall-expected">
                      {formatCredits(estimate.data.waterfall.expectedCredits)}
                      <span className="block text-xs text-muted-foreground">{WATERFALL_UI.expectedHelp}</span>
                      {estimate.data.waterfall.steps.map((step, i) => (
                        <span key={i} className="block text-xs text-muted-foreground">
                          {WATERFALL_UI.stepRate(i + 1, WATERFALL_UI.kinds[step.kind], step.acceptanceRate, step.creditsPerCall)}
                        </span>
                      ))}
                    </dd>
                  </>
                )}
                <dt className="text-muted-foreground">{AI_COLUMN_MESSAGES.balance}</dt>
                <dd className="tabular-nums">{lines.balance}</dd>
                <dt className="text-muted-foreground">{AI_COLUMN_MESSAGES.duration}</dt>
                <dd data-testid="ai-run-duration">
                  {lines.duration}
                  {lines.durationBasis && <span className="block text-xs text-muted-foreground">{lines.durationBasis}</span>}
                </dd>
                {estimate.data.model && (
                  <>
                    <dt className="text-muted-foreground">{AI_COLUMN_MESSAGES.model}</dt>
                    <dd className="break-words">{estimate.data.model}</dd>
                  </>
                )}
              </dl>
              {!estimate.data.provider && !estimate.data.ownKey ? (
                <div role="alert" className="grid gap-1 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950/30 dark:text-amber-100">
                  <p className="font-medium">{AI_FIELD_MESSAGES.notConfiguredTitle}</p>
                  <p>{AI_FIELD_MESSAGES.notConfigured}</p>
                  <Link to="/dashboard/api-settings" className="font-medium underline underline-offset-2">
                    {AI_COLUMN_MESSAGES.providerMissingLink}
                  </Link>
                </div>
              ) : estimate.data.cells === 0 ? (
                <p className="text-sm text-muted-foreground">{AI_FIELD_MESSAGES.nothingToRun}</p>
              ) : lines.isShort ? (
                <div role="status" className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950/30 dark:text-amber-100">
                  <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <div className="grid gap-1">
                    <p>
                      {paysNoCell
                        ? AI_COLUMN_MESSAGES.paysNoCell(formatCredits(estimate.data.balance), formatCredits(estimate.data.creditsPerCell))
                        : AI_COLUMN_MESSAGES.notCovered(lines.shortBy)}
                    </p>
                    <Link to="/dashboard/subscription" className="font-medium underline underline-offset-2">
                      {CREDIT_MESSAGES.addCredits}
                    </Link>
                  </div>
                </div>
              ) : (
                <p role="status" className="flex items-center gap-2 text-sm text-green-700 dark:text-green-400">
                  <CheckCircle2Icon className="size-4 shrink-0" aria-hidden="true" />
                  {AI_COLUMN_MESSAGES.covered}
                </p>
              )}
            </div>
          )}
        </div>

        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={start.isPending}>
            {AI_COLUMN_MESSAGES.later}
          </Button>
          <Button type="button" onClick={run} disabled={!canStart}>
            {start.isPending ? <Spinner /> : <PlayIcon aria-hidden="true" />}
            {AI_COLUMN_MESSAGES.start}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
