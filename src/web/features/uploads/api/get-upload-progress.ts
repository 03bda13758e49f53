import type { UploadProgress } from '#common/schemas/uploads'
import { unwrap } from '#web/lib/api-client'
import { UPLOADS_URL } from '#web/lib/upload-query-keys'

/** Polled by the progress watcher when the event stream is unavailable. */
export async function getUploadProgress(uploadId: string, signal?: AbortSignal): Promise<UploadProgress> {
  return unwrap(
    await fetch(`${UPLOADS_URL}/${encodeURIComponent(uploadId)}/progress`, { credentials: 'same-origin', signal }),
  )
}

export function uploadEventsUrl(uploadId: string) {
  return `${UPLOADS_URL}/${encodeURIComponent(uploadId)}/events`
}
