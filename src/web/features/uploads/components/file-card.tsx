import { FileSpreadsheetIcon } from 'lucide-react'
import { Link } from 'react-router'
import type { UploadSummary } from '#common/schemas/uploads'
import { Card } from '#web/components/ui/card'
import { formatRelativeTime } from '#web/lib/relative-time'
import { formatRowCount } from '../lib/row-count'
import { UploadStatusBadge } from './upload-status-badge'

/** A file in a grid: name, rows, status and when it last changed; opens the file. */
export function FileCard({ upload }: { upload: UploadSummary }) {
  return (
    <Link
      to={`/dashboard/${upload.id}`}
      className="group rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <Card className="h-full gap-3 px-4 py-4 transition-colors group-hover:border-primary/50 group-hover:bg-accent/40">
        <div className="flex items-start gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <FileSpreadsheetIcon className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium" title={upload.filename}>
              {upload.filename}
            </p>
            <p className="text-sm text-muted-foreground">{formatRowCount(upload.totalRows)}</p>
          </div>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
          <span>
            Updated <time dateTime={upload.updatedAt}>{formatRelativeTime(upload.updatedAt)}</time>
          </span>
          <UploadStatusBadge status={upload.status} />
        </div>
      </Card>
    </Link>
  )
}
