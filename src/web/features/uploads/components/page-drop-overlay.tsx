import { UploadIcon } from 'lucide-react'
import { UPLOAD_MESSAGES } from '#common/messages'

/** Full-screen hint while a file is dragged over a page that takes drops (001 §2 File Storage). */
export function PageDropOverlay() {
  return (
    <div
      className="pointer-events-none fixed inset-0 z-50 flex items-center justify-center bg-primary/10 p-6 backdrop-blur-sm"
      data-testid="page-drop-overlay"
    >
      <div className="flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-primary bg-background/95 px-10 py-12 text-center shadow-lg">
        <UploadIcon className="size-10 text-primary" aria-hidden="true" />
        <p className="text-lg font-semibold">{UPLOAD_MESSAGES.dropHere}</p>
      </div>
    </div>
  )
}
