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

  it('marks a row when a live update fills one of its cells, and tells only that row', () => {
    const store = new AiCellStore()
    const row1 = vi.fn()
    const row2 = vi.fn()
    store.subscribeRow(1, row1)
    store.subscribeRow(2, row2)
    store.apply('f', [{ rowIndex: 1, status: 'done', display: 'A', error: null }], { isLive: true, now: 1000 })
    store.apply('g', [{ rowIndex: 1, status: 'error', display: null, error: 'x' }], { isLive: true, now: 1000 })
    expect(store.rowUpdatedAt(1)).toBe(1000)
    expect(row1).toHaveBeenCalledTimes(2)
    expect(store.rowUpdatedAt(2)).toBe(0)
    expect(row2).not.toHaveBeenCalled()
  })

  it('does not mark a row for a cell that is only queued or running, nor for a first read', () => {
    const store = new AiCellStore()
    const row = vi.fn()
    store.subscribeRow(4, row)
    store.apply('f', [{ rowIndex: 4, status: 'done', display: 'A', error: null }], { isLive: false })
    store.apply('f', [{ rowIndex: 4, status: 'queued', display: null, error: null }], { isLive: true, now: 1 })
    store.apply('f', [{ rowIndex: 4, status: 'running', display: null, error: null }], { isLive: true, now: 2 })
    expect(store.rowUpdatedAt(4)).toBe(0)
    expect(row).not.toHaveBeenCalled()
    store.apply('f', [{ rowIndex: 4, status: 'done', display: 'B', error: null }], { isLive: true, now: 3 })
    expect(store.rowUpdatedAt(4)).toBe(3)
    expect(row).toHaveBeenCalledTimes(1)
  })
})
