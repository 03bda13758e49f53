import type { AiCellValue } from '#common/schemas/enrichment'

/** A cell's full value for the detail panel: JSON objects pretty-printed, yes/no in words. */
export function cellValueText(value: AiCellValue, display: string | null): string {
  if (value === null) return display ?? ''
  if (typeof value === 'object') return JSON.stringify(value, null, 2)
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  return display ?? String(value)
}

/** Confidence 0..1 as a whole percentage. */
export function formatConfidence(confidence: number | null): string {
  return confidence === null ? '—' : `${Math.round(confidence * 100)}%`
}
