import type { AiCellValue } from '#common/schemas/enrichment'
import type { AiFieldRow } from '#server/db/schema/index'
import { displayValue } from '#server/modules/ai/ai-output'
import { fieldColumnsOf, type FieldColumn } from '../field-columns.ts'

/**
 * What a cell's value writes into its row, per column: the field's own column, and for a field
 * with further columns (an HTTP request's further paths, an AI column's JSON fields) each its own
 * value (the cell keeps them as one object). An empty value clears the column's key in the row.
 * An AI column's own column keeps the whole answer beside its fields' columns.
 */
export function rowValuesOf(field: Pick<AiFieldRow, 'columnKey' | 'source' | 'outputType'>, values: Array<{ rowIndex: number; value: AiCellValue }>) {
  const byColumn = new Map<string, Array<{ rowIndex: number; display: string }>>()
  const columns = fieldColumnsOf(field)
  const isHttpSplit = field.source?.kind === 'http' && columns.length > 0
  if (!isHttpSplit) byColumn.set(field.columnKey, [])
  for (const column of columns) byColumn.set(column.columnKey, [])
  for (const { rowIndex, value } of values) {
    const isObject = value !== null && typeof value === 'object'
    if (!isHttpSplit || !isObject) byColumn.get(field.columnKey)?.push({ rowIndex, display: displayValue(value) })
    // An HTTP answer that is not an object only clears the field's own column (as it always did); an
    // AI answer of null ('not found') clears its fields' columns too.
    if (!isObject && isHttpSplit) continue
    for (const column of columns) byColumn.get(column.columnKey)!.push({ rowIndex, display: isObject ? typedDisplay(column, column.pick(value)) : '' })
  }
  return byColumn
}

/** A typed column never holds a value of another type: one that is not its type is left empty. */
function typedDisplay(column: FieldColumn, value: unknown) {
  if (value === null || value === undefined) return ''
  if (column.type === 'number') return typeof value === 'number' && Number.isFinite(value) ? String(value) : ''
  if (column.type === 'boolean') return typeof value === 'boolean' ? String(value) : ''
  return typeof value === 'object' ? displayValue(value as AiCellValue) : String(value)
}
