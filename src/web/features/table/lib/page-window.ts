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
