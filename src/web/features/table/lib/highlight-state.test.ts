import { describe, expect, it } from 'vitest'
import { readHighlightRowIndex } from './highlight-state'

describe('readHighlightRowIndex', () => {
  it('reads a whole, non-negative row index from the navigation state', () => {
    expect(readHighlightRowIndex({ highlightRowIndex: 0 })).toBe(0)
    expect(readHighlightRowIndex({ highlightRowIndex: 104 })).toBe(104)
  })

  it('ignores anything else', () => {
    expect(readHighlightRowIndex(null)).toBeNull()
    expect(readHighlightRowIndex(undefined)).toBeNull()
    expect(readHighlightRowIndex({})).toBeNull()
    expect(readHighlightRowIndex({ highlightRowIndex: '3' })).toBeNull()
    expect(readHighlightRowIndex({ highlightRowIndex: -1 })).toBeNull()
    expect(readHighlightRowIndex({ highlightRowIndex: 2.5 })).toBeNull()
  })
})
