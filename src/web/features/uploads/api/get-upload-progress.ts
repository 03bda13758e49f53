import type { UploadProgress } from '#common/schemas/uploads'
import { api, apiUrl, pathParams, unwrap } from '#web/lib/api-client'

/** Polled by the progress watcher when the event stream is unavailable. */
export async function getUploadProgress(uploadId: string, signal?: AbortSignal): Promise<UploadProgress> {
  return unwrap(await api.uploads[':id'].progress.$get({ param: pathParams({ id: uploadId }) }, { init: { signal } }))
}

export function uploadEventsUrl(uploadId: string) {
  return apiUrl(api.uploads[':id'].events.$path({ param: pathParams({ id: uploadId }) }))
}
