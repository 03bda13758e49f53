import { FileSpreadsheetIcon, SparklesIcon, UploadIcon } from 'lucide-react'
import { UPLOAD_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog'
import { Progress } from '#web/components/ui/progress'
import { cn } from '#web/lib/cn'
import { describeFlowStatus, flowPercent, isFlowBusy, type UploadFlowState } from '../lib/upload-flow-state'
import { FileDropZone } from './file-drop-zone'

type UploadDialogProps = {
  open: boolean
  state: UploadFlowState
  maxUploadMb: number | null
  onFile: (file: File) => void
  onTrySample: () => void
  /** Cancel, Close, Escape or the corner button. */
  onClose: () => void
}

/** 'Upload CSV File' (001 §2, §4): drop zone, status line, progress bar, Cancel/Close. */
export function UploadDialog({ open, state, maxUploadMb, onFile, onTrySample, onClose }: UploadDialogProps) {
  const isBusy = isFlowBusy(state)
  const canPick = state.phase === 'idle' || state.phase === 'error'
  // A file refused before sending (an error with its own title) leaves nothing to close: still 'Cancel'.
  const isRefused = state.phase === 'error' && state.title !== undefined
  const closeLabel = state.phase === 'idle' || state.phase === 'uploading' || isRefused ? 'Cancel' : 'Close'
  const fileName = state.phase === 'idle' ? null : state.fileName

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg"
        // A stray click beside the dialog must not cancel a running upload.
        onInteractOutside={(event) => isBusy && event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{UPLOAD_MESSAGES.dialogTitle}</DialogTitle>
          <DialogDescription>{UPLOAD_MESSAGES.acceptedTypes(maxUploadMb)}</DialogDescription>
        </DialogHeader>

        <FileDropZone
          inputTestId="upload-file-input"
          label={`${UPLOAD_MESSAGES.dropZoneTitle}, ${UPLOAD_MESSAGES.dropZoneHint}`}
          isDisabled={!canPick}
          onFile={onFile}
          className="flex min-h-40 flex-col items-center justify-center gap-3 px-4 py-8 text-center"
        >
          {({ isDragging }) =>
            canPick ? (
              <>
                <span
                  className={cn(
                    'inline-flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary transition-transform',
                    isDragging && 'scale-110',
                  )}
                >
                  <UploadIcon className="size-6" aria-hidden="true" />
                </span>
                <div className="grid gap-1">
                  <p className="font-medium">{isDragging ? UPLOAD_MESSAGES.dropHere : UPLOAD_MESSAGES.dropZoneTitle}</p>
                  <p className="text-sm text-muted-foreground">{UPLOAD_MESSAGES.dropZoneHint}</p>
                </div>
              </>
            ) : (
              <>
                <FileSpreadsheetIcon className="size-10 text-primary" aria-hidden="true" />
                <p className="max-w-full truncate font-medium" title={fileName ?? undefined}>
                  {fileName}
                </p>
              </>
            )
          }
        </FileDropZone>

        <div className="grid gap-2">
          <div role="status" aria-live="polite" className="grid gap-1 text-sm">
            <p className={cn('font-medium', state.phase === 'error' && 'text-destructive')}>
              {describeFlowStatus(state)}
            </p>
            {state.phase === 'error' && <p className="text-muted-foreground">{state.message}</p>}
          </div>
          <Progress value={flowPercent(state)} aria-label="Upload progress" />
        </div>

        <DialogFooter className="gap-2 sm:justify-between">
          {canPick ? (
            <Button variant="outline" onClick={onTrySample}>
              <SparklesIcon aria-hidden="true" />
              {UPLOAD_MESSAGES.trySample}
            </Button>
          ) : (
            <span aria-hidden="true" />
          )}
          <Button variant={state.phase === 'complete' ? 'default' : 'secondary'} onClick={onClose}>
            {closeLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
