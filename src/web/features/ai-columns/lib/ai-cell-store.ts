import type { LiveAiCell } from './cell-state'

export type StoredAiCell = LiveAiCell & { /** When a live event changed it (ms), for the 1.5 s highlight; 0 when read from the API. */ changedAt: number }

type Listener = () => void

const keyOf = (fieldId: string, rowIndex: number) => `${fieldId}:${rowIndex}`

/**
 * The AI cells' states on screen. Each grid cell listens to its own key, so a batch of live
 * updates re-renders only the cells it names, never the whole grid.
 */
export class AiCellStore {
  private cells = new Map<string, StoredAiCell>()
  private listeners = new Map<string, Set<Listener>>()

  get(fieldId: string, rowIndex: number): StoredAiCell | undefined {
    return this.cells.get(keyOf(fieldId, rowIndex))
  }

  subscribe(fieldId: string, rowIndex: number, listener: Listener): () => void {
    const key = keyOf(fieldId, rowIndex)
    let set = this.listeners.get(key)
    if (!set) {
      set = new Set()
      this.listeners.set(key, set)
    }
    set.add(listener)
    return () => {
      set.delete(listener)
      if (set.size === 0) this.listeners.delete(key)
    }
  }

  /**
   * Writes a batch of cells. A cell is marked just changed (highlight) when a live event brings it
   * or when it differs from what was known; a first read is not. Unchanged cells keep their object,
   * so their listeners are not called.
   */
  apply(fieldId: string, cells: ({ rowIndex: number } & LiveAiCell)[], { isLive, now = Date.now() }: { isLive: boolean; now?: number }): number {
    const changed: string[] = []
    for (const cell of cells) {
      const key = keyOf(fieldId, cell.rowIndex)
      const old = this.cells.get(key)
      if (old && old.status === cell.status && old.display === cell.display && old.error === cell.error) continue
      this.cells.set(key, { status: cell.status, display: cell.display, error: cell.error, changedAt: isLive || old ? now : 0 })
      changed.push(key)
    }
    for (const key of changed) this.listeners.get(key)?.forEach((listener) => listener())
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
