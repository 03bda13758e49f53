import { api, apiUrl, pathParams } from '#web/lib/api-client'

/** The file's rows events stream: rows added or updated by API (`rows.added`). */
export function rowsEventsUrl(uploadId: string) {
  return apiUrl(api.uploads[':id'].rows.events.$path({ param: pathParams({ id: uploadId }) }))
}
