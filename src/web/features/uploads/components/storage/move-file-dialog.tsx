import { useState, type FormEvent } from 'react'
import { FOLDER_MESSAGES } from '#common/messages'
import type { FolderSummary } from '#common/schemas/folders'
import { Button } from '#web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog'
import { Label } from '#web/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select'
import { Spinner } from '#web/components/ui/spinner'

const ROOT = 'root'

type MoveFileDialogProps = {
  filename: string
  currentFolderId: string | null
  folders: FolderSummary[]
  isPending: boolean
  onMove: (folderId: string | null) => void
  onClose: () => void
}

/** 'Move File to Folder': 'No Folder (Root)' or one of the user's folders. */
export function MoveFileDialog({ filename, currentFolderId, folders, isPending, onMove, onClose }: MoveFileDialogProps) {
  const [target, setTarget] = useState(currentFolderId ?? ROOT)
  const chosen = target === ROOT ? null : target
  const canSubmit = chosen !== currentFolderId && !isPending

  function submit(event: FormEvent) {
    event.preventDefault()
    if (canSubmit) onMove(chosen)
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{FOLDER_MESSAGES.moveFileTitle}</DialogTitle>
            <DialogDescription className="break-all">{filename}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="move-file-target">Folder</Label>
            <Select value={target} onValueChange={setTarget}>
              <SelectTrigger id="move-file-target" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ROOT}>{FOLDER_MESSAGES.rootFolder}</SelectItem>
                {folders.map((folder) => (
                  <SelectItem key={folder.id} value={folder.id}>
                    {folder.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {FOLDER_MESSAGES.cancel}
            </Button>
            <Button type="submit" disabled={!canSubmit}>
              {isPending && <Spinner />}
              {FOLDER_MESSAGES.moveFileSubmit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
