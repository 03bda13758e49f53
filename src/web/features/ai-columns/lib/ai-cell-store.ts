import type { AiCellStatus } from '#common/schemas/enrichment'
import type { LiveAiCell } from './cell-state'

export type StoredAiCell = LiveAiCell & { /** When a live event changed it (ms), for the 1.5 s highlight; 0 when read from the API. */ changedAt: number }

type Listener = () => void

const keyOf = (fieldId: string, rowIndex: number) => `${fieldId}:${rowIndex}`

/** States that change what a row holds (a value, an error): its row is highlighted, not for queued or running. */
const ROW_UPDATE_STATUSES: ReadonlySet<AiCellStatus> = new Set(['done', 'error', 'no_credits'])

function addListener<K>(listeners: Map<K, Set<Listener>>, key: K, listener: Listener): () => void {
  let set = listeners.get(key)
  if (!set) {
    set = new Set()
    listeners.set(key, set)
  }
  set.add(listener)
  return () => {
    set.delete(listener)
    if (set.size === 0) listeners.delete(key)
  }
}

/**
 * The AI cells' states on screen. Each grid cell listens to its own key and each grid row to its
 * row index, so a batch of live updates re-renders only the cells and rows it names, never the
 * whole grid.
 */
export class AiCellStore {
  private cells = new Map<string, StoredAiCell>()
  private listeners = new Map<string, Set<Listener>>()
  /** When an AI cell of the row last got a value or an error from a live update (ms). */
  private rowUpdates = new Map<number, number>()
  private rowListeners = new Map<number, Set<Listener>>()

  get(fieldId: string, rowIndex: number): StoredAiCell | undefined {
    return this.cells.get(keyOf(fieldId, rowIndex))
  }

  subscribe(fieldId: string, rowIndex: number, listener: Listener): () => void {
    return addListener(this.listeners, keyOf(fieldId, rowIndex), listener)
  }

  /** When one of the row's AI cells was last filled in (or failed) by a live update, for the row's highlight; 0 if never. */
  rowUpdatedAt = (rowIndex: number): number => this.rowUpdates.get(rowIndex) ?? 0

  subscribeRow = (rowIndex: number, listener: Listener): (() => void) => addListener(this.rowListeners, rowIndex, listener)

  /**
   * Writes a batch of cells. A cell is marked just changed (highlight) when a live event brings it
   * or when it differs from what was known; a first read is not. Unchanged cells keep their object,
   * so their listeners are not called. A row is marked when one of its cells is marked with a
   * value or an error.
   */
  apply(fieldId: string, cells: ({ rowIndex: number } & LiveAiCell)[], { isLive, now = Date.now() }: { isLive: boolean; now?: number }): number {
    const changed: string[] = []
    const updatedRows = new Set<number>()
    for (const cell of cells) {
      const key = keyOf(fieldId, cell.rowIndex)
      const old = this.cells.get(key)
      if (old && old.status === cell.status && old.display === cell.display && old.error === cell.error && old.corrected === cell.corrected) continue
      const changedAt = isLive || old ? now : 0
      this.cells.set(key, { status: cell.status, display: cell.display, error: cell.error, corrected: cell.corrected, changedAt })
      changed.push(key)
      if (changedAt !== 0 && ROW_UPDATE_STATUSES.has(cell.status)) updatedRows.add(cell.rowIndex)
    }
    for (const rowIndex of updatedRows) this.rowUpdates.set(rowIndex, now)
    for (const key of changed) this.listeners.get(key)?.forEach((listener) => listener())
    for (const rowIndex of updatedRows) this.rowListeners.get(rowIndex)?.forEach((listener) => listener())
    return changed.length
  }

  /** Forgets a field's cells (cleared or deleted): the cells fall back to the rows' values. */
  forgetField(fieldId: string) {
    const prefix = `${fieldId}:`
    const changed = [...this.cells.keys()].filter((key) => key.startsWith(prefix))
    for (const key of changed) this.cells.delete(key)
    for (const key of changed) this.listeners.get(key)?.forEach((listener) => listener())
  }
}
