import { PencilIcon } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { UPLOAD_DETAIL_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog'
import { Input } from '#web/components/ui/input'
import { Spinner } from '#web/components/ui/spinner'
import { useRenameUpload } from '../api/rename-upload'

/** 'Rename File' (001 §2, §5): Enter submits; Rename is off while the name is empty or unchanged. */
export function RenameUploadDialog({ uploadId, filename }: { uploadId: string; filename: string }) {
  const [isOpen, setIsOpen] = useState(false)
  const [name, setName] = useState(filename)
  const rename = useRenameUpload(uploadId)
  const trimmed = name.trim()
  const canSubmit = trimmed !== '' && trimmed !== filename && !rename.isPending

  const submit = () => {
    if (!canSubmit) return
    rename.mutate(
      { filename: trimmed },
      {
        onSuccess: () => {
          toast.success(UPLOAD_DETAIL_MESSAGES.renameSuccess)
          setIsOpen(false)
        },
        onError: () => toast.error(UPLOAD_DETAIL_MESSAGES.renameErrorTitle, { description: UPLOAD_DETAIL_MESSAGES.renameErrorBody }),
      },
    )
  }

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(next) => {
        if (next) setName(filename)
        setIsOpen(next)
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={UPLOAD_DETAIL_MESSAGES.renameButton} title={UPLOAD_DETAIL_MESSAGES.renameButton}>
          <PencilIcon aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            submit()
          }}
        >
          <DialogHeader>
            <DialogTitle>{UPLOAD_DETAIL_MESSAGES.renameTitle}</DialogTitle>
            <DialogDescription className="sr-only">{UPLOAD_DETAIL_MESSAGES.renamePlaceholder}</DialogDescription>
          </DialogHeader>
          <Input
            autoFocus
            aria-label={UPLOAD_DETAIL_MESSAGES.renamePlaceholder}
            placeholder={UPLOAD_DETAIL_MESSAGES.renamePlaceholder}
            value={name}
            maxLength={255}
            onChange={(event) => setName(event.target.value)}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setIsOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSubmit}>
              {rename.isPending && <Spinner />}
              {UPLOAD_DETAIL_MESSAGES.renameSubmit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
