import { describe, expect, it } from 'vitest'
import { cellState, isTruncated, truncateCell } from './cell-text'

describe('truncateCell', () => {
  it('keeps text of up to 40 characters and cuts longer text with an ellipsis', () => {
    expect(truncateCell('Acme')).toBe('Acme')
    expect(truncateCell('a'.repeat(40))).toBe('a'.repeat(40))
    expect(truncateCell('a'.repeat(41))).toBe(`${'a'.repeat(40)}…`)
    expect(isTruncated('a'.repeat(41))).toBe(true)
    expect(isTruncated('a'.repeat(40))).toBe(false)
  })

  it('does not leave a space before the ellipsis', () => {
    expect(truncateCell(`${'a'.repeat(39)} tail`)).toBe(`${'a'.repeat(39)}…`)
  })
})

describe('cellState', () => {
  it('tells empty, error, insufficient-credit and plain values apart', () => {
    expect(cellState('')).toEqual({ kind: 'empty' })
    expect(cellState(undefined)).toEqual({ kind: 'empty' })
    expect(cellState('Error: timeout')).toEqual({ kind: 'error', message: 'timeout' })
    expect(cellState('Insufficient credits to enrich this row')).toEqual({ kind: 'no_credits' })
    expect(cellState('Acme')).toEqual({ kind: 'value', text: 'Acme' })
  })
})
