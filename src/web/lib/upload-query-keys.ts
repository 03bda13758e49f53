/**
 * One key tree for every uploads query: invalidating `uploadKeys.all` refreshes them all, and
 * invalidating `uploadKeys.detail(id)` refreshes one upload with its rows. Shared by the uploads
 * feature (header, cards) and the table feature (grid), which must not import each other.
 */
export const uploadKeys = {
  all: ['uploads'] as const,
  lists: () => [...uploadKeys.all, 'list'] as const,
  list: (params: { page: number; perPage: number; q?: string; sort?: string }) => [...uploadKeys.lists(), params] as const,
  detail: (uploadId: string) => [...uploadKeys.all, 'detail', uploadId] as const,
  /** Every rows query of one upload (pages and continuous scroll), whatever the view. */
  allRows: (uploadId: string) => [...uploadKeys.detail(uploadId), 'rows'] as const,
  rows: (uploadId: string, params: object) => [...uploadKeys.allRows(uploadId), params] as const,
  /** Where a row sits; outside `detail` so a cell edit or a column change does not ask again. */
  locate: (uploadId: string, params: object) => [...uploadKeys.all, 'locate', uploadId, params] as const,
}

/** The view a rows query key was made for (`uploadKeys.rows(id, { view, ... })`). */
export function isOrderedOrNarrowedRowsKey(key: readonly unknown[]): boolean {
  const params = key.at(-1) as { view?: { q?: string; filters?: unknown[]; where?: unknown; sort?: unknown } } | undefined
  const view = params?.view
  return Boolean(view && (view.q || view.filters?.length || view.where || view.sort))
}
