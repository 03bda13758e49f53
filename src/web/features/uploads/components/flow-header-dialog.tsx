import type { UploadFlow } from '../hooks/use-upload-flow'
import { HeaderDetectionDialog } from './header-detection-dialog'

/** The header dialog wired to an upload flow; shown while the flow waits for the user's answer. */
export function FlowHeaderDialog({ flow, open = true }: { flow: UploadFlow; open?: boolean }) {
  const { state } = flow
  if (state.phase !== 'confirming') return null
  return (
    <HeaderDetectionDialog
      key={state.uploadId}
      open={open}
      fileName={state.fileName}
      preview={state.preview}
      isSubmitting={state.isSubmitting}
      canChooseSheet={flow.canChooseSheet}
      onConfirm={(choice) => void flow.confirmHeaders(choice)}
      onChooseSheet={(sheet) => void flow.chooseSheet(sheet)}
      onCancel={() => flow.reset()}
    />
  )
}
