import { describe, expect, it } from 'vitest'
import { isNavigationKey, moveActiveCell } from './grid-navigation'

const bounds = { rowCount: 10, colCount: 4, pageRows: 3 }

describe('moveActiveCell', () => {
  it('moves one cell with the arrows and stops at the edges', () => {
    expect(moveActiveCell({ row: 0, col: 0 }, 'ArrowDown', bounds)).toEqual({ row: 1, col: 0 })
    expect(moveActiveCell({ row: 0, col: 0 }, 'ArrowUp', bounds)).toEqual({ row: 0, col: 0 })
    expect(moveActiveCell({ row: 2, col: 3 }, 'ArrowRight', bounds)).toEqual({ row: 2, col: 3 })
    expect(moveActiveCell({ row: 2, col: 3 }, 'ArrowLeft', bounds)).toEqual({ row: 2, col: 2 })
    expect(moveActiveCell({ row: 9, col: 1 }, 'ArrowDown', bounds)).toEqual({ row: 9, col: 1 })
  })

  it('goes to the row ends with Home and End, and to the corners with Ctrl', () => {
    expect(moveActiveCell({ row: 4, col: 2 }, 'Home', bounds)).toEqual({ row: 4, col: 0 })
    expect(moveActiveCell({ row: 4, col: 2 }, 'End', bounds)).toEqual({ row: 4, col: 3 })
    expect(moveActiveCell({ row: 4, col: 2 }, 'Home', bounds, true)).toEqual({ row: 0, col: 0 })
    expect(moveActiveCell({ row: 4, col: 2 }, 'End', bounds, true)).toEqual({ row: 9, col: 3 })
  })

  it('moves by a screenful with PageUp and PageDown', () => {
    expect(moveActiveCell({ row: 4, col: 1 }, 'PageDown', bounds)).toEqual({ row: 7, col: 1 })
    expect(moveActiveCell({ row: 8, col: 1 }, 'PageDown', bounds)).toEqual({ row: 9, col: 1 })
    expect(moveActiveCell({ row: 1, col: 1 }, 'PageUp', bounds)).toEqual({ row: 0, col: 1 })
  })

  it('pulls a cell left outside the grid (rows were deleted) back in', () => {
    expect(moveActiveCell({ row: 40, col: 9 }, 'ArrowUp', bounds)).toEqual({ row: 8, col: 3 })
  })

  it('leaves the cell where it is in an empty grid', () => {
    expect(moveActiveCell({ row: 0, col: 0 }, 'ArrowDown', { rowCount: 0, colCount: 4, pageRows: 3 })).toEqual({ row: 0, col: 0 })
  })

  it('knows which keys navigate', () => {
    expect(isNavigationKey('ArrowDown')).toBe(true)
    expect(isNavigationKey('Enter')).toBe(false)
  })
})
