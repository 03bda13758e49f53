import { GRID_MESSAGES } from '#common/messages'
import { VALUELESS_OPERATORS, type FilterOperator, type RowFilter } from '#common/schemas/rows'
import type { UploadColumn } from '#common/schemas/uploads'

export type FilterDraft = { column: string; operator: FilterOperator; value: string }

export function needsValue(operator: FilterOperator): boolean {
  return !VALUELESS_OPERATORS.includes(operator)
}

/** 001 §5: a filter needs a column and, unless it tests emptiness, a value. */
export function canAddFilter(draft: FilterDraft): boolean {
  return draft.column !== '' && (!needsValue(draft.operator) || draft.value.trim() !== '')
}

export function toRowFilter(draft: FilterDraft): RowFilter {
  return { column: draft.column, operator: draft.operator, value: needsValue(draft.operator) ? draft.value.trim() : '' }
}

/** The chip text of an active filter: `Company contains "acme"`, `Email is empty`. */
export function filterChipText(filter: RowFilter, columns: Pick<UploadColumn, 'key' | 'name'>[]): string {
  const name = columns.find((column) => column.key === filter.column)?.name ?? filter.column
  const operator = GRID_MESSAGES.operators[filter.operator]
  return needsValue(filter.operator) ? `${name} ${operator} "${filter.value}"` : `${name} ${operator}`
}

/** Filters on a column that was deleted would fail on the server: drop them. */
export function filtersForColumns(filters: RowFilter[], columns: Pick<UploadColumn, 'key'>[]): RowFilter[] {
  const keys = new Set(columns.map((column) => column.key))
  return filters.filter((filter) => keys.has(filter.column))
}
