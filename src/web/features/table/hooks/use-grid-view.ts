import { useMemo, useState } from 'react'
import { DEFAULT_PAGE_SIZE, SEARCH } from '#common/constants'
import type { RowFilter, RowSort, RowView } from '#common/schemas/rows'
import { useDebouncedValue } from '#web/hooks/use-debounced-value'

/**
 * What the grid shows: search, filters, sort, page, page size and scroll mode. The page goes back
 * to 1 whenever the view or the page size changes (001 §4), derived rather than reset in an effect.
 */
export function useGridView() {
  const [searchInput, setSearchInput] = useState('')
  const q = useDebouncedValue(searchInput, SEARCH.debounceMs).trim()
  const [filters, setFilters] = useState<RowFilter[]>([])
  const [sort, setSort] = useState<RowSort | undefined>(undefined)
  const [perPage, setPerPageState] = useState<number>(DEFAULT_PAGE_SIZE)
  const [isContinuous, setIsContinuous] = useState(false)

  const view = useMemo<RowView>(() => ({ q: q || undefined, filters, sort }), [q, filters, sort])
  const pagingKey = `${JSON.stringify(view)}|${perPage}`
  const [paging, setPaging] = useState({ page: 1, key: pagingKey })
  const page = paging.key === pagingKey ? paging.page : 1

  return {
    view,
    searchInput,
    setSearchInput,
    filters,
    setFilters,
    sort,
    setSort,
    page,
    setPage: (next: number) => setPaging({ page: next, key: pagingKey }),
    perPage,
    setPerPage: (next: number) => setPerPageState(next),
    /** Jumps to a page of the default view (no search, filters or sort): where /rows/locate counts. */
    showDefaultViewPage: (next: number) => {
      setSearchInput('')
      setFilters([])
      setSort(undefined)
      setIsContinuous(false)
      setPaging({ page: next, key: `${JSON.stringify({ filters: [] })}|${perPage}` })
    },
    isContinuous,
    setIsContinuous,
    hasViewFilters: Boolean(q) || filters.length > 0,
    clearViewFilters: () => {
      setSearchInput('')
      setFilters([])
    },
  }
}

export type GridViewState = ReturnType<typeof useGridView>
