import { UPLOADS_URL } from '#web/lib/upload-query-keys'

/** A plain link downloads it: the server answers with Content-Disposition: attachment. */
export function skippedRowsCsvUrl(uploadId: string) {
  return `${UPLOADS_URL}/${encodeURIComponent(uploadId)}/skipped-rows.csv`
}
