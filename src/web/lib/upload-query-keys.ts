/**
 * One key tree for every uploads query: invalidating `uploadKeys.all` refreshes them all, and
 * invalidating `uploadKeys.detail(id)` refreshes one upload with its rows. Shared by the uploads
 * feature (header, cards) and the table feature (grid), which must not import each other.
 */
export const uploadKeys = {
  all: ['uploads'] as const,
  lists: () => [...uploadKeys.all, 'list'] as const,
  list: (params: { page: number; perPage: number }) => [...uploadKeys.lists(), params] as const,
  detail: (uploadId: string) => [...uploadKeys.all, 'detail', uploadId] as const,
  /** Every rows query of one upload (pages and continuous scroll), whatever the view. */
  allRows: (uploadId: string) => [...uploadKeys.detail(uploadId), 'rows'] as const,
  rows: (uploadId: string, params: object) => [...uploadKeys.allRows(uploadId), params] as const,
}

/**
 * Until the server's uploads routes are part of `AppType`, the endpoints are called with fetch and
 * read through the same `unwrap`; switching a file to `api.uploads...` changes one line.
 */
export const UPLOADS_URL = '/api/uploads'

export function uploadUrl(uploadId: string, path = ''): string {
  return `${UPLOADS_URL}/${encodeURIComponent(uploadId)}${path}`
}
