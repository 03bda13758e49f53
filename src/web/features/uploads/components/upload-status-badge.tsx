import type { UploadStatus } from '#common/schemas/uploads'
import { Badge } from '#web/components/ui/badge'
import { Spinner } from '#web/components/ui/spinner'

/** Shown for every status but 'completed', which is the normal case and needs no label. */
export function UploadStatusBadge({ status }: { status: UploadStatus }) {
  if (status === 'processing') {
    return (
      <Badge variant="secondary">
        <Spinner className="size-3" aria-hidden="true" role="presentation" />
        Processing
      </Badge>
    )
  }
  if (status === 'failed') return <Badge variant="destructive">Failed</Badge>
  if (status === 'awaiting_header') return <Badge variant="outline">Needs headers</Badge>
  return null
}
