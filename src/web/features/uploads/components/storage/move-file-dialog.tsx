import { useState } from 'react'
import { FOLDER_MESSAGES } from '#common/messages'
import type { FolderSummary } from '#common/schemas/folders'
import { Label } from '#web/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select'
import { FormDialog } from './form-dialog'

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

  return (
    <FormDialog
      title={FOLDER_MESSAGES.moveFileTitle}
      description={filename}
      breakDescription
      submitLabel={FOLDER_MESSAGES.moveFileSubmit}
      canSubmit={chosen !== currentFolderId && !isPending}
      isPending={isPending}
      onSubmit={() => onMove(chosen)}
      onClose={onClose}
    >
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
    </FormDialog>
  )
}
