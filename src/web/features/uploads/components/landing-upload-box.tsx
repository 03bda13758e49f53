import { FileSpreadsheetIcon, UploadCloudIcon, XIcon } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { UPLOAD_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import { Spinner } from '#web/components/ui/spinner'
import { errorMessage } from '#web/lib/api-client'
import { authClient } from '#web/lib/auth-client'
import { cn } from '#web/lib/cn'
import { usePublicConfig } from '#web/lib/public-config'
import { useUploadFlow } from '../hooks/use-upload-flow'
import { checkUploadFile, formatFileSizeKb } from '../lib/file-validation'
import { pendingUploadStore } from '../lib/pending-upload-store'
import { describeRejectedFile } from '../lib/upload-outcome'
import { FileDropZone } from './file-drop-zone'

// The landing page ships in the main bundle; the header dialog is needed by few visitors.
const FlowHeaderDialog = lazy(async () => ({
  default: (await import('./flow-header-dialog')).FlowHeaderDialog,
}))

/**
 * The hero's upload box (000 §2, §4). Signed in: upload, then open the file while it imports.
 * Signed out: keep the file in this browser and ask to sign up; it is imported after sign-in.
 */
export function LandingUploadBox() {
  const navigate = useNavigate()
  const { data: session } = authClient.useSession()
  const { data: config } = usePublicConfig()
  const [selected, setSelected] = useState<File | null>(null)
  const [isSaving, setIsSaving] = useState(false)
  const flow = useUploadFlow({
    followProcessing: false,
    onProcessingStarted: ({ uploadId }) => {
      toast.success(UPLOAD_MESSAGES.landingUploadedTitle, { description: UPLOAD_MESSAGES.landingUploadedBody })
      void navigate(`/dashboard/${uploadId}`)
    },
    onFailure: ({ error }) => {
      // The server's own reason (too large, not a CSV...) helps more than the generic line.
      toast.error(UPLOAD_MESSAGES.landingUploadFailedTitle, {
        description: errorMessage(error, UPLOAD_MESSAGES.landingUploadFailedBody),
      })
    },
  })
  const { state } = flow
  const isProcessing = isSaving || state.phase === 'uploading' || state.phase === 'confirming' || state.phase === 'processing'

  async function saveForLater(file: File) {
    setIsSaving(true)
    try {
      await pendingUploadStore.save(file)
    } catch {
      setIsSaving(false)
      toast.error(UPLOAD_MESSAGES.saveFailedTitle, { description: UPLOAD_MESSAGES.saveFailedBody })
      return
    }
    toast.success(UPLOAD_MESSAGES.fileSavedTitle, { description: UPLOAD_MESSAGES.fileSavedBody })
    setIsSaving(false)
    void navigate('/?mode=signup')
  }

  function pickFile(file: File) {
    const check = checkUploadFile(file, config?.maxUploadMb)
    if (!check.ok) {
      const { title, description } = describeRejectedFile(check, 'landing')
      toast.error(title, { description })
      return
    }
    if (!session) {
      void saveForLater(file)
      return
    }
    setSelected(file)
  }

  return (
    <div className="grid gap-2">
      {selected && !isProcessing ? (
        <div className="flex flex-col gap-3 rounded-xl border-2 border-primary/40 bg-background p-4 sm:flex-row sm:items-center">
          <FileSpreadsheetIcon className="size-8 shrink-0 text-primary" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium" title={selected.name}>
              {selected.name}
            </p>
            <p className="text-sm text-muted-foreground">{formatFileSizeKb(selected.size)}</p>
          </div>
          <div className="flex items-center gap-2">
            <Button onClick={() => void flow.start(selected)}>{UPLOAD_MESSAGES.startProcessing}</Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove ${selected.name}`}
              onClick={() => {
                setSelected(null)
                flow.reset()
              }}
            >
              <XIcon aria-hidden="true" />
            </Button>
          </div>
        </div>
      ) : (
        <FileDropZone
          inputTestId="landing-file-input"
          label={`${UPLOAD_MESSAGES.landingIdleTitle}, ${UPLOAD_MESSAGES.dropZoneHint}`}
          isDisabled={isProcessing}
          onFile={pickFile}
          className="bg-background/80"
        >
          {({ isDragging }) => (
            <div
              className={cn(
                'flex flex-col items-center justify-center gap-2 px-4 py-8 text-center transition-transform',
                isDragging && 'scale-105',
              )}
            >
              {isProcessing ? (
                <>
                  <Spinner className="size-8 text-primary" aria-hidden="true" role="presentation" />
                  <p className="font-medium">{UPLOAD_MESSAGES.landingProcessingTitle}</p>
                  <p className="text-sm text-muted-foreground">{UPLOAD_MESSAGES.landingProcessingBody}</p>
                </>
              ) : (
                <>
                  <UploadCloudIcon className="size-8 text-primary" aria-hidden="true" />
                  <p className="font-medium">
                    {isDragging ? UPLOAD_MESSAGES.landingDragTitle : UPLOAD_MESSAGES.landingIdleTitle}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {UPLOAD_MESSAGES.dropZoneHint} · {UPLOAD_MESSAGES.acceptedTypes(config?.maxUploadMb ?? null)}
                  </p>
                </>
              )}
            </div>
          )}
        </FileDropZone>
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {isProcessing ? `${UPLOAD_MESSAGES.landingProcessingTitle} ${UPLOAD_MESSAGES.landingProcessingBody}` : ''}
      </p>
      <Suspense fallback={null}>
          <FlowHeaderDialog flow={flow} />
        </Suspense>
    </div>
  )
}
