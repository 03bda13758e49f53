import type { UploadResponse } from '#common/schemas/uploads'
import { api, unwrap } from '#web/lib/api-client'

/** Imports the bundled sample lead list for the signed-in user. */
export async function createSampleUpload(): Promise<UploadResponse> {
  return unwrap(await api.uploads.sample.$post())
}
