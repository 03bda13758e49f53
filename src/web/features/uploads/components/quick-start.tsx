import { SparklesIcon, UploadIcon } from 'lucide-react'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { DASHBOARD_MESSAGES } from '#common/messages'
import { Card } from '#web/components/ui/card'
import { Progress } from '#web/components/ui/progress'
import { cn } from '#web/lib/cn'
import { usePublicConfig } from '#web/lib/public-config'
import { useUploadFlow } from '../hooks/use-upload-flow'
import { checkUploadFile } from '../lib/file-validation'
import { describeFlowStatus, flowPercent, isFlowBusy } from '../lib/upload-flow-state'
import { describeRejectedFile, describeUploadFailure, describeUploadSuccess } from '../lib/upload-outcome'
import { FileDropZone } from './file-drop-zone'
import { FlowHeaderDialog } from './flow-header-dialog'

type QuickStartProps = {
  /** The newest file, where 'Create AI Fields' leads; none disables that card (001 §2). */
  latestUploadId: string | null
}

/** 'Quick Start' on the home dashboard: a drop zone that uploads in place, and the AI fields card. */
export function QuickStart({ latestUploadId }: QuickStartProps) {
  const navigate = useNavigate()
  const { data: config } = usePublicConfig()
  const flow = useUploadFlow({
    onComplete: (result) => {
      const { title, description } = describeUploadSuccess(result)
      toast.success(title, { description })
      void navigate(`/dashboard/${result.uploadId}`)
    },
    onFailure: ({ stage, error }) => {
      const { title, description } = describeUploadFailure(stage, error)
      toast.error(title, { description })
    },
  })
  const { state } = flow
  const isBusy = isFlowBusy(state)

  function pickFile(file: File) {
    const check = checkUploadFile(file, config?.maxUploadMb)
    if (!check.ok) {
      const { title, description } = describeRejectedFile(check, 'page')
      toast.error(title, { description })
      return
    }
    void flow.start(file)
  }

  return (
    <section aria-labelledby="quick-start-heading" className="grid gap-3">
      <h2 id="quick-start-heading" className="text-lg font-semibold">
        {DASHBOARD_MESSAGES.quickStart}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <FileDropZone
          inputTestId="quick-start-file-input"
          label={`${DASHBOARD_MESSAGES.quickStartTitle}: ${DASHBOARD_MESSAGES.quickStartHint}`}
          isDisabled={isBusy}
          onFile={pickFile}
          className="flex min-h-36 flex-col items-center justify-center gap-2 bg-card px-4 py-6 text-center"
        >
          {({ isDragging }) => (
            <>
              <UploadIcon
                className={cn('size-7 text-primary transition-transform', isDragging && 'scale-125')}
                aria-hidden="true"
              />
              <p className="font-medium">
                {isBusy ? DASHBOARD_MESSAGES.quickStartUploading : DASHBOARD_MESSAGES.quickStartTitle}
              </p>
              <div role="status" aria-live="polite" className="text-sm text-muted-foreground">
                {isBusy ? describeFlowStatus(state) : DASHBOARD_MESSAGES.quickStartHint}
              </div>
              {state.phase === 'error' && <p className="text-sm text-destructive">{state.message}</p>}
              {isBusy && (
                <Progress value={flowPercent(state)} aria-label="Upload progress" className="mt-1 w-full max-w-56" />
              )}
            </>
          )}
        </FileDropZone>
        <CreateAiFieldsCard latestUploadId={latestUploadId} />
      </div>
      <FlowHeaderDialog flow={flow} />
    </section>
  )
}

function CreateAiFieldsCard({ latestUploadId }: QuickStartProps) {
  const body = (
    <>
      <SparklesIcon className="size-7 text-primary" aria-hidden="true" />
      <p className="font-medium">{DASHBOARD_MESSAGES.createAiFields}</p>
      <p className="text-sm text-muted-foreground">
        {latestUploadId ? 'Add AI columns to your latest file' : DASHBOARD_MESSAGES.uploadDataFirst}
      </p>
    </>
  )
  const cardClass = 'flex min-h-36 flex-col items-center justify-center gap-2 px-4 py-6 text-center'

  if (!latestUploadId) {
    return (
      <Card className={cn(cardClass, 'opacity-60')} aria-disabled="true">
        {body}
      </Card>
    )
  }
  return (
    <Link
      to={`/dashboard/${latestUploadId}`}
      className="group rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <Card className={cn(cardClass, 'h-full transition-colors group-hover:border-primary/50 group-hover:bg-accent/40')}>
        {body}
      </Card>
    </Link>
  )
}
