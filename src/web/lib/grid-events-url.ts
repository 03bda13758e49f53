import { api, apiUrl, pathParams } from '#web/lib/api-client'

/**
 * The open file's one live stream: cell.updated, field.progress, field.changed and rows.added.
 * Every hook of the grid page subscribes to it and `subscribeToEvents` shares the connection.
 */
export function gridEventsUrl(uploadId: string) {
  return apiUrl(api.uploads[':id']['ai-fields'].events.$path({ param: pathParams({ id: uploadId }) }))
}
