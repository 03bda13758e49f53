import type { AiCellStatus } from '#common/schemas/enrichment'

/** What the grid knows of an AI cell from the cells API and the live events. */
export type LiveAiCell = { status: AiCellStatus; display: string | null; error: string | null; /** The user wrote the value (decision 038). */ corrected?: boolean }

export type AiCellView =
  | { kind: 'empty' }
  | { kind: 'queued' }
  | { kind: 'running' }
  | { kind: 'value'; text: string; isStale: boolean; isCorrected?: boolean }
  | { kind: 'error'; message: string }
  | { kind: 'no_credits' }
  | { kind: 'cancelled' }

/**
 * How an AI cell shows (001 §4): queued, running (spinner), its value (a stale marker once the
 * prompt or an input changed), the Error badge with its message, 'Add credits', or empty. The row's
 * value stands when no cell state is known (the value was written into the row when it was done).
 */
export function aiCellView(cell: LiveAiCell | undefined, rowValue: string): AiCellView {
  if (!cell) return rowValue ? { kind: 'value', text: rowValue, isStale: false } : { kind: 'empty' }
  const text = cell.display ?? rowValue
  switch (cell.status) {
    case 'queued':
      return { kind: 'queued' }
    case 'running':
      return { kind: 'running' }
    case 'done':
      return text ? { kind: 'value', text, isStale: false, ...(cell.corrected ? { isCorrected: true } : {}) } : { kind: 'empty' }
    case 'stale':
      return text ? { kind: 'value', text, isStale: true } : { kind: 'empty' }
    case 'error':
      return { kind: 'error', message: cell.error ?? 'Error' }
    case 'no_credits':
      return { kind: 'no_credits' }
    case 'cancelled':
      return text ? { kind: 'value', text, isStale: false } : { kind: 'cancelled' }
  }
}

/** Cells worth asking the server about: a field whose cells are not all done (or never run). */
export function hasCellStates(counts: Record<AiCellStatus, number> & { total: number; corrected?: number }): boolean {
  // Corrected cells are done, but show a mark the rows' values do not carry.
  return counts.total - counts.done > 0 || (counts.corrected ?? 0) > 0
}
