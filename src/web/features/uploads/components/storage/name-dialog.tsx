import { useState, type FormEvent } from 'react'
import { FOLDER_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog'
import { Input } from '#web/components/ui/input'
import { Label } from '#web/components/ui/label'
import { Spinner } from '#web/components/ui/spinner'

type NameDialogProps = {
  title: string
  description: string
  label: string
  placeholder: string
  submitLabel: string
  /** The current name for a rename: submitting it unchanged is not allowed (001 §5). */
  initialName?: string
  isPending: boolean
  onSubmit: (name: string) => void
  onClose: () => void
}

/** One name field: 'Create New Folder' and 'Rename File'. Enter submits; blank names cannot. */
export function NameDialog({ title, description, label, placeholder, submitLabel, initialName = '', isPending, onSubmit, onClose }: NameDialogProps) {
  const [name, setName] = useState(initialName)
  const trimmed = name.trim()
  const canSubmit = trimmed !== '' && trimmed !== initialName && !isPending

  function submit(event: FormEvent) {
    event.preventDefault()
    if (canSubmit) onSubmit(trimmed)
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="name-dialog-input">{label}</Label>
            <Input
              id="name-dialog-input"
              value={name}
              placeholder={placeholder}
              maxLength={255}
              autoFocus
              onFocus={(event) => event.currentTarget.select()}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
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
