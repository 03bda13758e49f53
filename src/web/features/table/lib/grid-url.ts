import { DEFAULT_PAGE_SIZE } from '#common/constants'
import { rowsQuerySchema, type RowFilter, type RowSort } from '#common/schemas/rows'

/**
 * The grid's view in the page's URL, in the rows API's own query format (`q`, `filters` as JSON,
 * `sort` as `key:asc`, `page`, `perPage`), so a reload, Back and a shared link show the same rows.
 */
export type GridUrlState = { q: string; filters: RowFilter[]; sort: RowSort | undefined; page: number; perPage: number }

const GRID_PARAMS = ['q', 'filters', 'sort', 'page', 'perPage'] as const
const shape = rowsQuerySchema.shape

/** Reads each part on its own: a part that was edited by hand into nonsense is left out, not the rest. */
export function readGridUrl(params: URLSearchParams): GridUrlState {
  const read = <T>(schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false } }, key: string, fallback: T): T => {
    const result = schema.safeParse(params.get(key) ?? undefined)
    return result.success ? result.data : fallback
  }
  return {
    q: read(shape.q, 'q', undefined) ?? '',
    filters: read(shape.filters, 'filters', []),
    sort: read(shape.sort, 'sort', undefined),
    page: read(shape.page, 'page', 1),
    perPage: read(shape.perPage, 'perPage', DEFAULT_PAGE_SIZE),
  }
}

/** The URL's parameters with the grid's part replaced: defaults are left out, other parameters kept. */
export function writeGridUrl(params: URLSearchParams, state: GridUrlState): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const key of GRID_PARAMS) next.delete(key)
  if (state.q.trim()) next.set('q', state.q.trim())
  if (state.filters.length > 0) next.set('filters', JSON.stringify(state.filters))
  if (state.sort) next.set('sort', `${state.sort.column}:${state.sort.direction}`)
  if (state.page > 1) next.set('page', String(state.page))
  if (state.perPage !== DEFAULT_PAGE_SIZE) next.set('perPage', String(state.perPage))
  return next
}
