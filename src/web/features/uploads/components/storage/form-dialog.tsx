import type { FormEvent, ReactNode } from 'react'
import { FOLDER_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog'
import { Spinner } from '#web/components/ui/spinner'
import { cn } from '#web/lib/cn'

type FormDialogProps = {
  title: string
  description: string
  /** A file name as the description breaks anywhere rather than widening the dialog. */
  breakDescription?: boolean
  submitLabel: string
  canSubmit: boolean
  isPending: boolean
  onSubmit: () => void
  onClose: () => void
  children: ReactNode
}

/** The storage dialogs' frame: title, one field (children), Cancel and a submit that Enter presses. */
export function FormDialog({ title, description, breakDescription, submitLabel, canSubmit, isPending, onSubmit, onClose, children }: FormDialogProps) {
  function submit(event: FormEvent) {
    event.preventDefault()
    if (canSubmit) onSubmit()
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription className={cn(breakDescription && 'break-all')}>{description}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">{children}</div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {FOLDER_MESSAGES.cancel}
            </Button>
            <Button type="submit" disabled={!canSubmit}>
              {isPending && <Spinner />}
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
