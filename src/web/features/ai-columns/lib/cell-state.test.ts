import { describe, expect, it } from 'vitest'
import { aiCellView, hasCellStates } from './cell-state'

describe('aiCellView', () => {
  it('shows the row value when no cell state is known', () => {
    expect(aiCellView(undefined, 'Acme')).toEqual({ kind: 'value', text: 'Acme', isStale: false })
    expect(aiCellView(undefined, '')).toEqual({ kind: 'empty' })
  })

  it('maps queued and running cells to their markers whatever the old value', () => {
    expect(aiCellView({ status: 'queued', display: null, error: null }, 'old')).toEqual({ kind: 'queued' })
    expect(aiCellView({ status: 'running', display: null, error: null }, 'old')).toEqual({ kind: 'running' })
  })

  it('prefers the live display over the row value for a done cell', () => {
    expect(aiCellView({ status: 'done', display: 'new', error: null }, 'old')).toEqual({ kind: 'value', text: 'new', isStale: false })
  })

  it('marks a value the user corrected', () => {
    expect(aiCellView({ status: 'done', display: 'mine', error: null, corrected: true }, 'old')).toEqual({ kind: 'value', text: 'mine', isStale: false, isCorrected: true })
  })

  it('keeps a stale value visible with the stale marker', () => {
    expect(aiCellView({ status: 'stale', display: 'v1', error: null }, '')).toEqual({ kind: 'value', text: 'v1', isStale: true })
  })

  it('carries the error message and the credits state', () => {
    expect(aiCellView({ status: 'error', display: null, error: 'Provider down' }, '')).toEqual({ kind: 'error', message: 'Provider down' })
    expect(aiCellView({ status: 'no_credits', display: null, error: 'Insufficient credits' }, '')).toEqual({ kind: 'no_credits' })
  })

  it('shows a cancelled cell without a value as cancelled', () => {
    expect(aiCellView({ status: 'cancelled', display: null, error: null }, '')).toEqual({ kind: 'cancelled' })
  })
})

describe('hasCellStates', () => {
  const zero = { queued: 0, running: 0, done: 0, error: 0, no_credits: 0, stale: 0, cancelled: 0, total: 0 }
  it('is false for a field whose cells are all done or that never ran', () => {
    expect(hasCellStates({ ...zero, done: 5, total: 5 })).toBe(false)
    expect(hasCellStates(zero)).toBe(false)
  })
  it('is true while some cells are not done', () => {
    expect(hasCellStates({ ...zero, done: 3, error: 1, total: 4 })).toBe(true)
  })
})
