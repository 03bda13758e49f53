import type { UploadResponse } from '#common/schemas/uploads'
import { unwrap } from '#web/lib/api-client'
import { UPLOADS_URL } from '#web/lib/upload-query-keys'

/** Imports the bundled sample lead list for the signed-in user. */
export async function createSampleUpload(): Promise<UploadResponse> {
  return unwrap(await fetch(`${UPLOADS_URL}/sample`, { method: 'POST', credentials: 'same-origin' }))
}
