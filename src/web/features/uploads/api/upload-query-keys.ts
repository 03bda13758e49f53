/** One key tree for every uploads query: invalidating `uploadKeys.all` refreshes them all. */
export const uploadKeys = {
  all: ['uploads'] as const,
  lists: () => [...uploadKeys.all, 'list'] as const,
  list: (params: { page: number; perPage: number }) => [...uploadKeys.lists(), params] as const,
  detail: (uploadId: string) => [...uploadKeys.all, 'detail', uploadId] as const,
  rows: (uploadId: string, params: { page: number; perPage: number }) =>
    [...uploadKeys.detail(uploadId), 'rows', params] as const,
}

/**
 * Until the server's uploads routes are part of `AppType`, the endpoints are called with fetch and
 * read through the same `unwrap`; switching a file to `api.uploads...` changes one line.
 */
export const UPLOADS_URL = '/api/uploads'
