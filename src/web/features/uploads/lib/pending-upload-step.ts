import { toast } from 'sonner'
import { DEFAULT_POST_AUTH_PATH } from '#common/constants'
import { UPLOAD_MESSAGES } from '#common/messages'
import { queryClient } from '#web/lib/query-client'
import { confirmUploadHeaders } from '../api/confirm-upload-headers'
import { createUpload } from '../api/create-upload'
import { uploadKeys } from '#web/lib/upload-query-keys'
import { automaticHeaderChoice } from './header-verdict'
import { pendingUploadStore } from './pending-upload-store'
import { watchUploadProgress } from './watch-upload-progress'

const TOAST_ID = 'pending-upload'

/**
 * The post-sign-in step for a file saved before sign-in (000 §4): upload it, answer the header
 * question with the detector's own answer (columns can be renamed later), and open the file as
 * soon as its rows are importing; the file page shows the live progress, and a toast reports the
 * end ('File Processed' or 'Processing Failed'). The saved copy is deleted as it is taken, so a
 * second tab or a failure cannot import it twice. Returns where to go, or null with no saved file.
 */
export async function runPendingUploadStep(): Promise<string | null> {
  let entry
  try {
    entry = await pendingUploadStore.take()
  } catch {
    return null
  }
  if (!entry) return null

  const { fileName } = entry
  toast.loading(UPLOAD_MESSAGES.pendingUploading(0), { id: TOAST_ID, description: fileName })
  try {
    const file = new File([entry.file], fileName, { type: entry.file.type })
    const response = await createUpload({
      file,
      onProgress: (loaded, total) =>
        toast.loading(UPLOAD_MESSAGES.pendingUploading(Math.round((loaded / total) * 100)), {
          id: TOAST_ID,
          description: fileName,
        }),
    })
    if (response.needs_header_confirmation) {
      await confirmUploadHeaders(response.upload_id, automaticHeaderChoice(response.preview_data))
    }
    toast.loading(UPLOAD_MESSAGES.pendingImporting, { id: TOAST_ID, description: fileName })
    void reportWhenImported(response.upload_id)
    return `/dashboard/${response.upload_id}`
  } catch {
    toast.error(UPLOAD_MESSAGES.pendingFailedTitle, { id: TOAST_ID, description: UPLOAD_MESSAGES.pendingFailedBody })
    return DEFAULT_POST_AUTH_PATH
  }
}

async function reportWhenImported(uploadId: string) {
  try {
    await watchUploadProgress({ uploadId })
    toast.success(UPLOAD_MESSAGES.fileProcessedTitle, { id: TOAST_ID, description: UPLOAD_MESSAGES.fileProcessedBody })
  } catch {
    toast.error(UPLOAD_MESSAGES.pendingFailedTitle, { id: TOAST_ID, description: UPLOAD_MESSAGES.pendingFailedBody })
  } finally {
    void queryClient.invalidateQueries({ queryKey: uploadKeys.all })
  }
}
