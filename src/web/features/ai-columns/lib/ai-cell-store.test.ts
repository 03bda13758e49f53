import { describe, expect, it, vi } from 'vitest'
import { AiCellStore } from './ai-cell-store'

describe('AiCellStore', () => {
  it('calls only the listeners of the cells a batch changed', () => {
    const store = new AiCellStore()
    const first = vi.fn()
    const second = vi.fn()
    store.subscribe('f', 1, first)
    store.subscribe('f', 2, second)
    store.apply('f', [{ rowIndex: 1, status: 'done', display: 'A', error: null }], { isLive: true, now: 1000 })
    expect(first).toHaveBeenCalledTimes(1)
    expect(second).not.toHaveBeenCalled()
    expect(store.get('f', 1)).toEqual({ status: 'done', display: 'A', error: null, changedAt: 1000 })
  })

  it('keeps an unchanged cell as it was (no re-render, no new highlight)', () => {
    const store = new AiCellStore()
    const listener = vi.fn()
    store.subscribe('f', 1, listener)
    store.apply('f', [{ rowIndex: 1, status: 'running', display: null, error: null }], { isLive: true, now: 1 })
    store.apply('f', [{ rowIndex: 1, status: 'running', display: null, error: null }], { isLive: true, now: 2 })
    expect(listener).toHaveBeenCalledTimes(1)
    expect(store.get('f', 1)?.changedAt).toBe(1)
  })

  it('does not highlight states read from the API', () => {
    const store = new AiCellStore()
    store.apply('f', [{ rowIndex: 3, status: 'error', display: null, error: 'x' }], { isLive: false })
    expect(store.get('f', 3)?.changedAt).toBe(0)
  })

  it('highlights a change found by a later read (the polling fallback)', () => {
    const store = new AiCellStore()
    store.apply('f', [{ rowIndex: 3, status: 'running', display: null, error: null }], { isLive: false })
    store.apply('f', [{ rowIndex: 3, status: 'done', display: 'B', error: null }], { isLive: false, now: 5000 })
    expect(store.get('f', 3)?.changedAt).toBe(5000)
  })

  it('forgets a cleared field and tells its cells', () => {
    const store = new AiCellStore()
    const listener = vi.fn()
    store.apply('f', [{ rowIndex: 0, status: 'done', display: 'A', error: null }], { isLive: false })
    store.subscribe('f', 0, listener)
    store.forgetField('f')
    expect(store.get('f', 0)).toBeUndefined()
    expect(listener).toHaveBeenCalledTimes(1)
  })
})
