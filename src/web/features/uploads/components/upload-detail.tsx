import { AlertCircleIcon, DownloadIcon, ListChecksIcon, RefreshCwIcon } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { toast } from 'sonner'
import { UPLOAD_DETAIL_MESSAGES, UPLOAD_MESSAGES } from '#common/messages'
import type { UploadDetail } from '#common/schemas/uploads'
import { Button } from '#web/components/ui/button'
import { Card } from '#web/components/ui/card'
import { Progress } from '#web/components/ui/progress'
import { Skeleton } from '#web/components/ui/skeleton'
import { errorStatus } from '#web/lib/api-client'
import { formatRelativeTime } from '#web/lib/relative-time'
import { useConfirmUploadHeaders } from '../api/confirm-upload-headers'
import { skippedRowsCsvUrl } from '../api/get-skipped-rows-csv'
import { useUpload } from '../api/get-upload'
import { useLiveUploadProgress } from '../hooks/use-live-upload-progress'
import { formatFileSizeKb } from '../lib/file-validation'
import { describeUploadFailure } from '../lib/upload-outcome'
import { HeaderDetectionDialog } from './header-detection-dialog'
import { UploadNotFound } from './upload-not-found'
import { UploadRecoveryActions } from './upload-recovery-actions'
import { RenameUploadDialog } from './rename-upload-dialog'
import { UploadStatCards } from './upload-stat-cards'
import { UploadStatusBadge } from './upload-status-badge'

type UploadDetailViewProps = {
  uploadId: string
  /** The rows grid comes from another feature; the route composes the two. */
  renderRows: (upload: UploadDetail) => ReactNode
}

/** The upload detail screen: title, status, live progress, the four cards and the rows. */
export function UploadDetailView({ uploadId, renderRows }: UploadDetailViewProps) {
  const upload = useUpload(uploadId)

  if (upload.isPending) return <UploadDetailSkeleton />
  if (upload.isError) {
    if (errorStatus(upload.error) === 404) return <UploadNotFound />
    return (
      <div role="alert" className="mx-auto flex w-full max-w-xl flex-col items-center gap-3 py-10 text-center">
        <AlertCircleIcon className="size-8 text-destructive" aria-hidden="true" />
        <p>{upload.error.message}</p>
        <Button variant="outline" onClick={() => void upload.refetch()}>
          {UPLOAD_DETAIL_MESSAGES.tryAgain}
        </Button>
      </div>
    )
  }
  return <UploadDetailBody upload={upload.data} renderRows={renderRows} />
}

function UploadDetailBody({ upload, renderRows }: { upload: UploadDetail; renderRows: UploadDetailViewProps['renderRows'] }) {
  const isProcessing = upload.status === 'processing'
  const live = useLiveUploadProgress(upload.id, isProcessing)
  const processedRows = live.snapshot?.processedRows ?? upload.processedRows
  const totalRows = live.snapshot?.totalRows ?? upload.totalRows
  const validRows = live.snapshot?.validRows ?? upload.validRows
  const skippedRows = live.snapshot?.skippedRows ?? upload.skippedRows
  const percent = live.snapshot?.percent ?? (totalRows ? Math.round((processedRows / totalRows) * 100) : 0)

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-[minmax(0,1fr)] gap-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <div className="flex min-w-0 items-center gap-1">
            <h1 className="truncate text-2xl font-bold tracking-tight" title={upload.filename}>
              {upload.filename}
            </h1>
            <RenameUploadDialog uploadId={upload.id} filename={upload.filename} />
          </div>
          <p className="text-sm text-muted-foreground">
            {formatFileSizeKb(upload.sizeBytes)} · Updated{' '}
            <time dateTime={upload.updatedAt}>{formatRelativeTime(upload.updatedAt)}</time>
          </p>
        </div>
        <UploadStatusBadge status={upload.status} />
      </header>

      {isProcessing && (
        <Card className="gap-3 px-4 py-4">
          <div role="status" aria-live="polite" className="text-sm font-medium">
            {processedRows > 0 ? UPLOAD_MESSAGES.statusRows(processedRows, totalRows || null) : UPLOAD_MESSAGES.statusProcessing}
          </div>
          <Progress value={percent} aria-label="Import progress" />
          {live.isLost && (
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
              <span>{UPLOAD_MESSAGES.processingErrorBody}</span>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="outline" onClick={live.retry}>
                  <RefreshCwIcon aria-hidden="true" />
                  Refresh
                </Button>
                <UploadRecoveryActions upload={upload} />
              </div>
            </div>
          )}
        </Card>
      )}

      {upload.status === 'failed' && (
        <div role="alert" className="flex gap-3 rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm">
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          <div className="grid gap-0.5">
            <p className="font-medium">{UPLOAD_MESSAGES.processingFailedTitle}</p>
            <p className="text-muted-foreground">{upload.errorMessage || UPLOAD_MESSAGES.processingFailedBody}</p>
            <div className="pt-2">
              <UploadRecoveryActions upload={upload} />
            </div>
          </div>
        </div>
      )}

      {upload.status === 'awaiting_header' && <AwaitingHeaderPanel upload={upload} />}

      <UploadStatCards upload={upload} counts={{ totalRows, processedRows, validRows, skippedRows, percent }} />

      {upload.skippedRows > 0 && (
        <div>
          <Button variant="outline" size="sm" asChild>
            <a href={skippedRowsCsvUrl(upload.id)} download>
              <DownloadIcon aria-hidden="true" />
              {UPLOAD_DETAIL_MESSAGES.downloadSkipped(upload.skippedRows)}
            </a>
          </Button>
        </div>
      )}

      {upload.status !== 'awaiting_header' && renderRows(upload)}
    </div>
  )
}

/** An upload left at the header question (its dialog was closed): answer it here. */
function AwaitingHeaderPanel({ upload }: { upload: UploadDetail }) {
  const [isDialogOpen, setIsDialogOpen] = useState(false)
  const confirm = useConfirmUploadHeaders(upload.id)

  return (
    <Card className="flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid gap-0.5">
        <p className="font-medium">{UPLOAD_DETAIL_MESSAGES.awaitingHeaderTitle}</p>
        <p className="text-sm text-muted-foreground">{UPLOAD_DETAIL_MESSAGES.awaitingHeaderBody}</p>
      </div>
      <Button onClick={() => setIsDialogOpen(true)} disabled={!upload.preview}>
        <ListChecksIcon aria-hidden="true" />
        {UPLOAD_DETAIL_MESSAGES.confirmHeaders}
      </Button>
      {upload.preview && isDialogOpen && (
        <HeaderDetectionDialog
          open
          fileName={upload.filename}
          preview={upload.preview}
          isSubmitting={confirm.isPending}
          canChooseSheet={false}
          onChooseSheet={() => {}}
          onCancel={() => setIsDialogOpen(false)}
          onConfirm={(choice) =>
            confirm.mutate(choice, {
              onSuccess: () => setIsDialogOpen(false),
              onError: (error) => {
                const { title, description } = describeUploadFailure('headers', error)
                toast.error(title, { description })
              },
            })
          }
        />
      )}
    </Card>
  )
}

function UploadDetailSkeleton() {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6" role="status" aria-label="Loading file">
      <div className="grid gap-2">
        <Skeleton className="h-8 w-64 max-w-full" />
        <Skeleton className="h-4 w-40" />
      </div>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-24 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-64 rounded-md" />
    </div>
  )
}
