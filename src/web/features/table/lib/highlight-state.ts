/** `highlightRowIndex` from the navigation state (001 §2), when it is a row index; else null. */
export function readHighlightRowIndex(state: unknown): number | null {
  const value = (state as { highlightRowIndex?: unknown } | null)?.highlightRowIndex
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null
}
