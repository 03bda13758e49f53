import { api, apiUrl, pathParams } from '#web/lib/api-client'

/** A plain link downloads it: the server answers with Content-Disposition: attachment. */
export function skippedRowsCsvUrl(uploadId: string) {
  return apiUrl(api.uploads[':id']['skipped-rows.csv'].$path({ param: pathParams({ id: uploadId }) }))
}
