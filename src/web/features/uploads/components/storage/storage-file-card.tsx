import { FileSpreadsheetIcon, FolderIcon, FolderInputIcon, MoreVerticalIcon, PencilIcon, SquareArrowOutUpRightIcon, Trash2Icon } from 'lucide-react'
import type { DragEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { FOLDER_MESSAGES } from '#common/messages'
import type { UploadListItem } from '#common/schemas/uploads'
import { Badge } from '#web/components/ui/badge'
import { Button } from '#web/components/ui/button'
import { Card } from '#web/components/ui/card'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '#web/components/ui/dropdown-menu'
import { formatRelativeTime } from '#web/lib/relative-time'
import { FILE_DRAG_TYPE } from '../../lib/file-drag'
import { UploadStatusBadge } from '../upload-status-badge'

type StorageFileCardProps = {
  upload: UploadListItem
  folderName: string | null
  onRename: () => void
  onMove: () => void
  onDelete: () => void
}

/** A file in File Storage: opens on click, drags onto a folder, and has Open, Rename, Move, Delete. */
export function StorageFileCard({ upload, folderName, onRename, onMove, onDelete }: StorageFileCardProps) {
  const navigate = useNavigate()
  const href = `/dashboard/${upload.id}`

  function dragStart(event: DragEvent) {
    event.dataTransfer.setData(FILE_DRAG_TYPE, upload.id)
    event.dataTransfer.effectAllowed = 'move'
  }

  return (
    <Card data-testid="file-card" draggable onDragStart={dragStart} className="relative gap-3 px-4 py-4 transition-colors hover:border-primary/50">
      <div className="flex items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <FileSpreadsheetIcon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <Link to={href} className="block truncate font-medium outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:ring-[3px] focus-visible:after:ring-ring/50" title={upload.filename}>
            {upload.filename}
          </Link>
          {folderName && (
            <Badge variant="secondary" className="mt-1 max-w-full">
              <FolderIcon aria-hidden="true" />
              <span className="truncate">{folderName}</span>
            </Badge>
          )}
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="relative z-10" aria-label={`Actions for ${upload.filename}`}>
              <MoreVerticalIcon aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => void navigate(href)}>
              <SquareArrowOutUpRightIcon aria-hidden="true" />
              {FOLDER_MESSAGES.open}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={onRename}>
              <PencilIcon aria-hidden="true" />
              {FOLDER_MESSAGES.rename}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={onMove}>
              <FolderInputIcon aria-hidden="true" />
              {FOLDER_MESSAGES.moveToFolder}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={onDelete}>
              <Trash2Icon aria-hidden="true" />
              {FOLDER_MESSAGES.delete}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <dl className="flex flex-wrap justify-between gap-x-4 gap-y-2 text-xs">
        <div>
          <dt className="text-muted-foreground">{FOLDER_MESSAGES.aiFieldsCreated}</dt>
          <dd className="font-medium">{upload.aiFieldCount.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{FOLDER_MESSAGES.rows}</dt>
          <dd className="font-medium">{upload.totalRows.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{FOLDER_MESSAGES.updated}</dt>
          <dd className="font-medium">
            <time dateTime={upload.updatedAt}>{formatRelativeTime(upload.updatedAt)}</time>
          </dd>
        </div>
      </dl>
      {upload.status !== 'completed' && (
        <div>
          <UploadStatusBadge status={upload.status} />
        </div>
      )}
    </Card>
  )
}
