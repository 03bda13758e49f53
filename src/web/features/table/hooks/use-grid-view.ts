import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { SEARCH } from '#common/constants'
import type { RowFilter, RowSort, RowView } from '#common/schemas/rows'
import type { AiFilter } from '../lib/ai-filter'
import { readGridUrl, writeGridUrl, type GridUrlState } from '../lib/grid-url'
import { useDebouncedValue } from '#web/hooks/use-debounced-value'

/**
 * What the grid shows: search, filters, sort, page and page size live in the URL (a reload, Back
 * and a shared link keep them); the scroll mode is the tab's own. A sort, filter or page is a new
 * history entry, so Back undoes it; typing a search replaces the entry once it has settled
 * (300 ms, 001 §9). The page goes back to 1 whenever the view or the page size changes (001 §4).
 */
export function useGridView() {
  const location = useLocation()
  const [searchParams, setSearchParams] = useSearchParams()
  const url = useMemo(() => readGridUrl(searchParams), [searchParams])
  const [isContinuous, setIsContinuous] = useState(false)

  const update = useCallback(
    (patch: Partial<GridUrlState>, options: { replace?: boolean; state?: unknown } = {}) =>
      setSearchParams((current) => writeGridUrl(current, { ...readGridUrl(current), ...patch }), { ...options, preventScrollReset: true }),
    [setSearchParams],
  )

  // The search box follows the URL when it changes from outside (Back, a link)...
  const [searchInput, setSearchInput] = useState(url.q)
  const [seenQ, setSeenQ] = useState(url.q)
  if (url.q !== seenQ) {
    setSeenQ(url.q)
    if (url.q !== searchInput.trim()) setSearchInput(url.q)
  }
  // ...and the URL follows what is typed, once it has settled.
  const settled = useDebouncedValue(searchInput, SEARCH.debounceMs).trim()
  const lastSettled = useRef(settled)
  useEffect(() => {
    if (settled === lastSettled.current) return
    lastSettled.current = settled
    if (settled !== url.q) update({ q: settled, page: 1 }, { replace: true })
  }, [settled, url.q, update])

  const { q, filters, aiFilter, sort, page, perPage } = url
  const where = aiFilter?.where
  const view = useMemo<RowView>(() => ({ q: q || undefined, filters, where, sort }), [q, filters, where, sort])

  return {
    view,
    searchInput,
    setSearchInput,
    filters,
    setFilters: (next: RowFilter[]) => update({ filters: next, page: 1 }),
    aiFilter,
    /** 'Remove Filter' (001 §4): the unfiltered rows from the first page. */
    removeAiFilter: () => update({ aiFilter: undefined, page: 1 }),
    sort,
    setSort: (next: RowSort | undefined) => update({ sort: next, page: 1 }),
    page,
    setPage: (next: number, options?: { replace?: boolean }) => update({ page: next }, options),
    perPage,
    setPerPage: (next: number) => update({ perPage: next, page: 1 }),
    /**
     * Jumps to a page of the default view (no search, filters or sort): where /rows/locate counts.
     * The navigation state (the row to highlight) stays; once there, asking again does nothing.
     */
    showDefaultViewPage: (next: number) => {
      setIsContinuous(false)
      setSearchInput('')
      if (!q && filters.length === 0 && !aiFilter && !sort && page === next) return
      update({ q: '', filters: [], aiFilter: undefined, sort: undefined, page: next }, { replace: true, state: location.state })
    },
    isContinuous,
    setIsContinuous,
    hasViewFilters: Boolean(q) || filters.length > 0 || Boolean(aiFilter),
    clearViewFilters: () => {
      setSearchInput('')
      update({ q: '', filters: [], aiFilter: undefined, page: 1 })
    },
  }
}

/**
 * Applies an AI filter from outside the grid (the chat's 'Show in table', the AI search panel,
 * composed by the route): only its rows, from the first page, without the search or filters that
 * were set before, so the banner's count is the answer's.
 */
export function useApplyAiFilter() {
  const [, setSearchParams] = useSearchParams()
  return useCallback(
    (filter: AiFilter) =>
      setSearchParams((current) => writeGridUrl(current, { ...readGridUrl(current), q: '', filters: [], aiFilter: filter, page: 1 }), {
        preventScrollReset: true,
      }),
    [setSearchParams],
  )
}

export type GridViewState = ReturnType<typeof useGridView>
