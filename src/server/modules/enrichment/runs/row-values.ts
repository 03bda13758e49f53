import type { AiCellValue } from '#common/schemas/enrichment'
import type { AiFieldRow } from '#server/db/schema/index'
import { displayValue } from '#server/modules/ai/ai-output'

/**
 * What a cell's value writes into its row, per column: the field's own column, and for an HTTP
 * request with several paths each further column its own value (the cell keeps them as one
 * object keyed by column). An empty value clears the column's key in the row.
 */
export function rowValuesOf(field: Pick<AiFieldRow, 'columnKey' | 'source'>, values: Array<{ rowIndex: number; value: AiCellValue }>) {
  const byColumn = new Map<string, Array<{ rowIndex: number; display: string }>>()
  const outputs = field.source?.kind === 'http' ? field.source.outputs : []
  const isSplit = outputs.length > 1
  for (const key of isSplit ? outputs.map((o) => o.columnKey) : [field.columnKey]) byColumn.set(key, [])
  for (const { rowIndex, value } of values) {
    if (isSplit && value !== null && typeof value === 'object') {
      for (const output of outputs) byColumn.get(output.columnKey)!.push({ rowIndex, display: displayValue(value[output.columnKey] ?? null) })
    } else {
      byColumn.get(field.columnKey)!.push({ rowIndex, display: displayValue(value) })
    }
  }
  return byColumn
}
