import { CELL_TRUNCATE_CHARS } from '#common/constants'

/** Cells show at most 40 characters (001 §9) plus an ellipsis; the full text is on hover and in the cell view. */
export function truncateCell(value: string, max: number = CELL_TRUNCATE_CHARS): string {
  return value.length > max ? `${value.slice(0, max).trimEnd()}…` : value
}

export function isTruncated(value: string, max: number = CELL_TRUNCATE_CHARS): boolean {
  return value.length > max
}

export type CellState = { kind: 'empty' } | { kind: 'error'; message: string } | { kind: 'no_credits' } | { kind: 'value'; text: string }

const INSUFFICIENT_CREDITS = /insufficient credits/i

/** The cell states of 001 §4 that a stored value can show: an 'Error:' text, a credits message, empty, or a value. */
export function cellState(value: string | undefined | null): CellState {
  if (value === undefined || value === null || value === '') return { kind: 'empty' }
  if (value.startsWith('Error:')) return { kind: 'error', message: value.slice('Error:'.length).trim() }
  if (INSUFFICIENT_CREDITS.test(value)) return { kind: 'no_credits' }
  return { kind: 'value', text: value }
}
