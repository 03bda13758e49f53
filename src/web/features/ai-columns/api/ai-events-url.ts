import { api, apiUrl, pathParams } from '#web/lib/api-client'

/** The upload's AI events stream: cell.updated, field.progress, field.changed. */
export function aiEventsUrl(uploadId: string) {
  return apiUrl(api.uploads[':id']['ai-fields'].events.$path({ param: pathParams({ id: uploadId }) }))
}
