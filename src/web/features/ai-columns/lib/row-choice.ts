import type { RowView } from '#common/schemas/rows'

/** The rows the user picked in the grid: its selection and its current view (search, filters, sort). */
export type RowChoice = { selectedRowIndexes: number[]; view: RowView; hasViewFilters: boolean }
