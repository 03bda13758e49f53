import { DEFAULT_PAGE_SIZE } from '#common/constants'
import { rowsQuerySchema, type RowFilter, type RowSort } from '#common/schemas/rows'
import type { AiFilter } from './ai-filter'

/**
 * The grid's view in the page's URL, in the rows API's own query format (`q`, `filters` as JSON,
 * `where` as JSON, `sort` as `key:asc`, `page`, `perPage`), so a reload, Back and a shared link
 * show the same rows. The AI filter is `where` with its question in `aiq` (the banner's and the
 * export's words).
 */
export type GridUrlState = {
  q: string
  filters: RowFilter[]
  aiFilter: AiFilter | undefined
  sort: RowSort | undefined
  page: number
  perPage: number
}

const GRID_PARAMS = ['q', 'filters', 'where', 'aiq', 'sort', 'page', 'perPage'] as const
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
    aiFilter: readAiFilter(read(shape.where, 'where', undefined), params.get('aiq')),
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
  if (state.aiFilter) {
    next.set('where', JSON.stringify(state.aiFilter.where))
    if (state.aiFilter.query.trim()) next.set('aiq', state.aiFilter.query.trim())
  }
  if (state.sort) next.set('sort', `${state.sort.column}:${state.sort.direction}`)
  if (state.page > 1) next.set('page', String(state.page))
  if (state.perPage !== DEFAULT_PAGE_SIZE) next.set('perPage', String(state.perPage))
  return next
}

function readAiFilter(where: AiFilter['where'] | undefined, query: string | null): AiFilter | undefined {
  return where ? { where, query: (query ?? '').trim() } : undefined
}
