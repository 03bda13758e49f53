import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { UPLOAD } from '#common/constants'
import { UPLOAD_MESSAGES } from '#common/messages'
import { usePublicConfig } from '#web/lib/public-config'
import { useUploadFlow, type UploadFlowFailure, type UploadFlowResult } from '../hooks/use-upload-flow'
import { checkUploadFile } from '../lib/file-validation'
import { isFlowBusy } from '../lib/upload-flow-state'
import { describeRejectedFile, describeRejectedStatus, describeUploadFailure, describeUploadSuccess } from '../lib/upload-outcome'
import { FlowHeaderDialog } from './flow-header-dialog'
import { UploadDialog } from './upload-dialog'

type OpenUploadDialogOptions = {
  /** Start uploading this file at once (a file dropped on a page). Check it first. */
  file?: File
  /** Start importing the bundled sample lead list at once. */
  sample?: boolean
}

type UploadDialogContextValue = {
  openUploadDialog: (options?: OpenUploadDialogOptions) => void
  isUploadDialogOpen: boolean
}

const UploadDialogContext = createContext<UploadDialogContextValue | null>(null)

/** Opens the one upload dialog of the signed-in area (sidebar, home, file storage, detail). */
export function useUploadDialog(): UploadDialogContextValue {
  const value = useContext(UploadDialogContext)
  if (!value) throw new Error('useUploadDialog needs an UploadDialogProvider above it')
  return value
}

/**
 * Holds the upload dialog and its header-detection step for the whole dashboard. On completion
 * it toasts, closes 1.5 s later (001 §4) and opens the file.
 */
export function UploadDialogProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate()
  const { data: config } = usePublicConfig()
  const maxUploadMb = config?.maxUploadMb ?? null
  const [isOpen, setIsOpen] = useState(false)
  const closeTimerRef = useRef<ReturnType<typeof setTimeout> | null>(null)
  const flow = useUploadFlow({ onComplete: handleComplete, onFailure: handleFailure })
  const { state } = flow

  useEffect(() => {
    const timers = closeTimerRef
    return () => {
      if (timers.current) clearTimeout(timers.current)
    }
  }, [])

  function clearCloseTimer() {
    if (closeTimerRef.current) clearTimeout(closeTimerRef.current)
    closeTimerRef.current = null
  }

  function handleComplete(result: UploadFlowResult) {
    const { title, description } = describeUploadSuccess(result)
    toast.success(title, { description })
    clearCloseTimer()
    // The dialog closes on 'Upload complete!': the next opening starts afresh. Resetting here
    // showed 'Ready to upload' while the dialog faded out.
    closeTimerRef.current = setTimeout(() => {
      setIsOpen(false)
      void navigate(`/dashboard/${result.uploadId}`)
    }, UPLOAD.completeCloseDelayMs)
  }

  function handleFailure({ stage, error }: UploadFlowFailure) {
    const { title, description } = describeUploadFailure(stage, error)
    toast.error(title, { description })
  }

  function openUploadDialog({ file, sample }: OpenUploadDialogOptions = {}) {
    setIsOpen(true)
    if (state.phase === 'uploading' || state.phase === 'processing') return
    clearCloseTimer()
    if (file) void flow.start(file)
    else if (sample) void flow.startSample()
    else flow.reset()
  }

  function pickFile(file: File) {
    const check = checkUploadFile(file, maxUploadMb)
    if (!check.ok) {
      const { title, description } = describeRejectedFile(check, 'dialog')
      toast.error(title, { description })
      const status = describeRejectedStatus(check, file.name)
      flow.reject(file.name, status.title, status.description)
      return
    }
    void flow.start(file)
  }

  function close() {
    clearCloseTimer()
    if (state.phase === 'processing') toast.info(UPLOAD_MESSAGES.continuesInBackground)
    setIsOpen(false)
    // Only work under way stops; a finished or failed upload keeps its words while the dialog fades out.
    if (isFlowBusy(state)) flow.reset()
  }

  return (
    <UploadDialogContext.Provider value={{ openUploadDialog, isUploadDialogOpen: isOpen }}>
      {children}
      <UploadDialog
        open={isOpen && state.phase !== 'confirming'}
        state={state}
        maxUploadMb={maxUploadMb}
        onFile={pickFile}
        onTrySample={() => void flow.startSample()}
        onClose={close}
      />
      <FlowHeaderDialog flow={flow} open={isOpen} />
    </UploadDialogContext.Provider>
  )
}
