import { GRID } from '#common/constants'

/**
 * The page numbers the pager shows (001 §9: up to 5), centred on the current page where possible:
 * page 6 of 20 shows 4 5 6 7 8; page 1 shows 1 2 3 4 5; page 20 shows 16 17 18 19 20.
 */
export function pageWindow(page: number, totalPages: number, max: number = GRID.maxPageNumbers): number[] {
  if (totalPages <= 0) return []
  const count = Math.min(max, totalPages)
  const current = Math.min(Math.max(1, page), totalPages)
  const start = Math.min(Math.max(1, current - Math.floor(count / 2)), totalPages - count + 1)
  return Array.from({ length: count }, (_, index) => start + index)
}

export type PagerInput = { page: number; perPage: number; totalPages: number; isCountExact: boolean; rowsOnPage: number }

/**
 * A view past the server's count cap (VIEW_COUNT_LIMIT) has no known last page: paging goes on
 * forward while pages come back full, and the pager offers one page beyond the current one.
 */
export function pagerState({ page, perPage, totalPages, isCountExact, rowsOnPage }: PagerInput): { lastPage: number; hasNext: boolean } {
  if (isCountExact) return { lastPage: totalPages, hasNext: page < totalPages }
  const hasNext = rowsOnPage >= perPage
  return { lastPage: Math.max(totalPages, hasNext ? page + 1 : page), hasNext }
}

/** '1,234' or, past the cap, '10,000+'. */
export function formatViewCount(count: number, isCountExact: boolean): string {
  return `${count.toLocaleString('en-US')}${isCountExact ? '' : '+'}`
}
