import { UploadCloudIcon } from 'lucide-react'
import { UPLOAD_MESSAGES } from '#common/messages'

/**
 * The idle upload box as plain markup, shown for the moment the real box's code (the upload
 * flow, live progress, validation) takes to load, so the landing page does not ship it up front.
 */
export function LandingUploadBoxPlaceholder() {
  return (
    <div className="rounded-xl border-2 border-dashed border-muted-foreground/25 bg-background/80" aria-busy="true">
      <div className="flex flex-col items-center justify-center gap-2 px-4 py-8 text-center">
        <UploadCloudIcon className="size-8 text-primary" aria-hidden="true" />
        <p className="font-medium">{UPLOAD_MESSAGES.landingIdleTitle}</p>
        <p className="text-sm text-muted-foreground">{UPLOAD_MESSAGES.dropZoneHint}</p>
      </div>
    </div>
  )
}
