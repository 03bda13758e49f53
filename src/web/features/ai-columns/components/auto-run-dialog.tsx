import { useId, useState } from 'react'
import { toast } from 'sonner'
import { AI_COLUMN_MESSAGES } from '#common/messages'
import type { AiField } from '#common/schemas/enrichment'
import { Button } from '#web/components/ui/button'
import { Checkbox } from '#web/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog'
import { Input } from '#web/components/ui/input'
import { Label } from '#web/components/ui/label'
import { Spinner } from '#web/components/ui/spinner'
import { Switch } from '#web/components/ui/switch'
import { errorMessage } from '#web/lib/api-client'
import { useUpdateAiField } from '../api/update-ai-field'

type AutoRunDialogProps = { uploadId: string; field: AiField; onClose: () => void }

/**
 * 'Run on new rows' for one AI column (issue 33): on or off, whether stale rows are covered, and
 * a monthly credit cap, with what auto-runs spent this month. Saving a cap lifts a pause.
 */
export function AutoRunDialog({ uploadId, field, onClose }: AutoRunDialogProps) {
  const [enabled, setEnabled] = useState(field.autoRun.enabled)
  const [coverStale, setCoverStale] = useState(field.autoRun.coverStale)
  const [capText, setCapText] = useState(field.autoRun.monthlyCap === null ? '' : String(field.autoRun.monthlyCap))
  const update = useUpdateAiField(uploadId)
  const ids = { enabled: useId(), stale: useId(), cap: useId(), capHint: useId() }
  const cap = capText.trim() === '' ? null : Number(capText.trim())
  const isCapValid = cap === null || (Number.isInteger(cap) && cap >= 1)

  const save = () =>
    update.mutate(
      { fieldId: field.id, autoRun: { enabled, coverStale, monthlyCap: cap } },
      {
        onSuccess: () => {
          toast.success(AI_COLUMN_MESSAGES.autoRunSaved)
          onClose()
        },
        onError: (error) => toast.error(AI_COLUMN_MESSAGES.autoRunSaveFailed, { description: errorMessage(error, undefined) }),
      },
    )

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{AI_COLUMN_MESSAGES.autoRunTitle(field.name)}</DialogTitle>
          <DialogDescription>{AI_COLUMN_MESSAGES.autoRunDescription}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            if (isCapValid) save()
          }}
        >
          <div className="flex items-center justify-between gap-3">
            <Label htmlFor={ids.enabled}>{AI_COLUMN_MESSAGES.autoRunEnabled}</Label>
            <Switch id={ids.enabled} checked={enabled} onCheckedChange={setEnabled} />
          </div>
          <div className="flex items-start gap-2">
            <Checkbox id={ids.stale} checked={coverStale} onCheckedChange={(checked) => setCoverStale(checked === true)} disabled={!enabled} className="mt-0.5" />
            <div className="grid gap-1">
              <Label htmlFor={ids.stale}>{AI_COLUMN_MESSAGES.autoRunStale}</Label>
              <p className="text-xs text-muted-foreground">{AI_COLUMN_MESSAGES.autoRunStaleHint}</p>
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.cap}>{AI_COLUMN_MESSAGES.autoRunCap}</Label>
            <Input
              id={ids.cap}
              inputMode="numeric"
              value={capText}
              onChange={(event) => setCapText(event.target.value)}
              aria-invalid={!isCapValid}
              aria-describedby={ids.capHint}
              placeholder="e.g. 500"
            />
            <p id={ids.capHint} className={isCapValid ? 'text-xs text-muted-foreground' : 'text-xs text-destructive'}>
              {isCapValid ? AI_COLUMN_MESSAGES.autoRunCapHint : AI_COLUMN_MESSAGES.autoRunCapInvalid}
            </p>
            <p className="text-xs text-muted-foreground tabular-nums" data-testid="auto-run-spent">
              {AI_COLUMN_MESSAGES.autoRunSpent(field.autoRun.spentThisMonth, field.autoRun.monthlyCap)}
            </p>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {AI_COLUMN_MESSAGES.cancel}
            </Button>
            <Button type="submit" disabled={!isCapValid || update.isPending}>
              {update.isPending && <Spinner />}
              {AI_COLUMN_MESSAGES.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
