import { cellValueError } from '#common/cell-values'
import type { ColumnType } from '#common/schemas/uploads'

/**
 * How an in-place editor reads for a column type (001 §5 column types). Numbers and dates are
 * typed as text: a browser's number input hands back '' for text it cannot read (so "abc" would
 * empty the cell) and its date input shows the browser's locale (04/22/2022) instead of the
 * grid's 2022-04-22. The value is checked here, with the server's rule, instead.
 */
export function inputModeFor(type: ColumnType): 'decimal' | 'text' {
  return type === 'number' ? 'decimal' : 'text'
}

/** What is sent for an edit (blank empties the cell: null), or why the column cannot hold it. */
export function readCellDraft(type: ColumnType, column: string, raw: string): { value: string | null } | { error: string } {
  const error = cellValueError(type, column, raw)
  if (error) return { error }
  return { value: raw.trim() === '' ? null : raw }
}
