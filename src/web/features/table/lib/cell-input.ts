import type { ColumnType } from '#common/schemas/uploads'

/** The input an in-place editor uses for a column type (001 §5 column types). */
export function inputTypeFor(type: ColumnType): 'text' | 'number' | 'date' {
  if (type === 'number') return 'number'
  if (type === 'date') return 'date'
  return 'text'
}

/** A stored date as an `<input type="date">` value, when it is one; other text stays as it is. */
export function toDateInputValue(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim())
  return match?.[1] ?? ''
}

/** What is sent for an edit: blank empties the cell (null). */
export function toCellValue(raw: string): string | null {
  return raw.trim() === '' ? null : raw
}
