import { FolderOpenIcon, UploadIcon } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { DASHBOARD_MESSAGES, FILE_STORAGE_MESSAGES, PAGE_TITLES, UPLOAD_MESSAGES } from '#common/messages'
import { Badge } from '#web/components/ui/badge'
import { SimplePager } from '#web/components/simple-pager'
import { Button } from '#web/components/ui/button'
import { usePublicConfig } from '#web/lib/public-config'
import { useUploads } from '../api/get-uploads'
import { usePageFileDrop } from '../hooks/use-page-file-drop'
import { checkUploadFile } from '../lib/file-validation'
import { describeRejectedFile } from '../lib/upload-outcome'
import { FileCard } from './file-card'
import { FileCardSkeleton } from './file-card-skeleton'
import { FileDropZone } from './file-drop-zone'
import { PageDropOverlay } from './page-drop-overlay'
import { useUploadDialog } from './upload-dialog-provider'

const FILES_PER_PAGE = 48

/** 'File Storage' (001 §2): the user's files, an upload button, and the page as a drop target. */
export function FileStorage() {
  const { openUploadDialog, isUploadDialogOpen } = useUploadDialog()
  const { data: config } = usePublicConfig()
  const [page, setPage] = useState(1)
  const uploads = useUploads({ page, perPage: FILES_PER_PAGE })
  const files = uploads.data?.data ?? []
  const totalPages = uploads.data?.totalPages ?? 1

  function takeFile(file: File) {
    const check = checkUploadFile(file, config?.maxUploadMb)
    if (!check.ok) {
      const { title, description } = describeRejectedFile(check, 'page')
      toast.error(title, { description })
      return
    }
    openUploadDialog({ file })
  }

  const isDragging = usePageFileDrop({
    isEnabled: !isUploadDialogOpen,
    onFiles: (dropped) => {
      if (dropped.length > 1) toast.error(UPLOAD_MESSAGES.oneFileAtATime)
      else takeFile(dropped[0]!)
    },
  })

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">{PAGE_TITLES.files}</h1>
          <p className="text-muted-foreground">Every lead list you uploaded. Drop a file anywhere to add one.</p>
        </div>
        <Button onClick={() => openUploadDialog()}>
          <UploadIcon aria-hidden="true" />
          {FILE_STORAGE_MESSAGES.uploadFile}
        </Button>
      </div>

      <section aria-labelledby="your-files-heading" className="grid gap-3">
        <div className="flex items-center gap-2">
          <h2 id="your-files-heading" className="text-lg font-semibold">
            {FILE_STORAGE_MESSAGES.yourFiles}
          </h2>
          {uploads.data && <Badge variant="secondary">{uploads.data.count.toLocaleString('en-US')}</Badge>}
        </div>

        {uploads.isError && (
          <div
            role="alert"
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm"
          >
            <span>{FILE_STORAGE_MESSAGES.loadFailed}</span>
            <Button size="sm" variant="outline" onClick={() => void uploads.refetch()}>
              Try again
            </Button>
          </div>
        )}

        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-busy={uploads.isPending}>
          <FileDropZone
            inputTestId="files-file-input"
            label={`${DASHBOARD_MESSAGES.quickStartTitle}: ${UPLOAD_MESSAGES.dropZoneHint}`}
            onFile={takeFile}
            className="flex min-h-32 flex-col items-center justify-center gap-1 px-4 py-6 text-center"
          >
            <UploadIcon className="size-6 text-primary" aria-hidden="true" />
            <p className="font-medium">{DASHBOARD_MESSAGES.quickStartTitle}</p>
            <p className="text-sm text-muted-foreground">{UPLOAD_MESSAGES.dropZoneHint}</p>
          </FileDropZone>
          {uploads.isPending && Array.from({ length: 3 }, (_, index) => <FileCardSkeleton key={index} />)}
          {files.map((upload) => (
            <FileCard key={upload.id} upload={upload} />
          ))}
          {uploads.isSuccess && files.length === 0 && (
            <div className="flex flex-col items-center justify-center gap-2 rounded-xl border px-4 py-6 text-center sm:col-span-1 lg:col-span-2">
              <FolderOpenIcon className="size-8 text-muted-foreground" aria-hidden="true" />
              <p className="font-medium">{DASHBOARD_MESSAGES.noFilesTitle}</p>
              <p className="text-sm text-muted-foreground">Upload a CSV or try the sample lead list to get started.</p>
              <Button variant="link" className="h-auto p-0" onClick={() => openUploadDialog({ sample: true })}>
                {UPLOAD_MESSAGES.trySample}
              </Button>
            </div>
          )}
        </div>

        <SimplePager label="Files pages" page={page} totalPages={totalPages} onPageChange={setPage} />
      </section>

      {isDragging && <PageDropOverlay />}
    </div>
  )
}
