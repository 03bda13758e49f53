import { FolderIcon, MoreVerticalIcon, Trash2Icon } from 'lucide-react'
import { useState, type DragEvent } from 'react'
import { FOLDER_MESSAGES } from '#common/messages'
import type { FolderSummary } from '#common/schemas/folders'
import { Button } from '#web/components/ui/button'
import { Card } from '#web/components/ui/card'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '#web/components/ui/dropdown-menu'
import { cn } from '#web/lib/cn'
import { formatRelativeTime } from '#web/lib/relative-time'
import { carriesFileCard, FILE_DRAG_TYPE } from '../../lib/file-drag'

const COLOR_CLASSES: Record<string, string> = {
  blue: 'bg-blue-500/15 text-blue-600',
  green: 'bg-green-500/15 text-green-600',
  purple: 'bg-purple-500/15 text-purple-600',
  orange: 'bg-orange-500/15 text-orange-600',
  pink: 'bg-pink-500/15 text-pink-600',
  teal: 'bg-teal-500/15 text-teal-600',
  amber: 'bg-amber-500/15 text-amber-700',
  slate: 'bg-slate-500/15 text-slate-600',
}

type FolderCardProps = {
  folder: FolderSummary
  onDelete: () => void
  /** A file card was dropped here. */
  onDropFile: (uploadId: string) => void
}

/** A folder: colour, name, file count, created time; a drop target for file cards. */
export function FolderCard({ folder, onDelete, onDropFile }: FolderCardProps) {
  const [isOver, setIsOver] = useState(false)

  function dragOver(event: DragEvent) {
    if (!carriesFileCard(event.dataTransfer.types)) return
    event.preventDefault()
    event.dataTransfer.dropEffect = 'move'
    setIsOver(true)
  }

  function drop(event: DragEvent) {
    setIsOver(false)
    const uploadId = event.dataTransfer.getData(FILE_DRAG_TYPE)
    if (!uploadId) return
    event.preventDefault()
    onDropFile(uploadId)
  }

  return (
    <Card
      data-testid="folder-card"
      aria-label={`Folder ${folder.name}`}
      onDragOver={dragOver}
      onDragLeave={() => setIsOver(false)}
      onDrop={drop}
      className={cn('flex-row items-center gap-3 px-4 py-3 transition-colors', isOver && 'border-primary bg-primary/5 ring-2 ring-primary/40')}
    >
      <span className={cn('inline-flex size-10 shrink-0 items-center justify-center rounded-lg', COLOR_CLASSES[folder.color] ?? COLOR_CLASSES.blue)}>
        <FolderIcon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium" title={folder.name}>
          {folder.name}
        </p>
        <p className="text-xs text-muted-foreground">
          {FOLDER_MESSAGES.fileCount(folder.fileCount)} · <time dateTime={folder.createdAt}>{formatRelativeTime(folder.createdAt)}</time>
        </p>
      </div>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Actions for folder ${folder.name}`}>
            <MoreVerticalIcon aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem variant="destructive" onSelect={onDelete}>
            <Trash2Icon aria-hidden="true" />
            {FOLDER_MESSAGES.delete}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </Card>
  )
}
