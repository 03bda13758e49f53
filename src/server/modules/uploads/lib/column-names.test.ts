import { describe, expect, it } from 'vitest'
import { genericColumnNames, normalizeHeaderNames } from './column-names.ts'

describe('normalizeHeaderNames', () => {
  it('trims names and folds line breaks inside a quoted name', () => {
    expect(normalizeHeaderNames(['  id ', 'First\nName', '\ufeffemail'], 3)).toEqual(['id', 'First Name', 'email'])
  })

  it('names blank headers by their 1-based position', () => {
    expect(normalizeHeaderNames(['', 'b', '  '], 3)).toEqual(['Column 1', 'b', 'Column 3'])
  })

  it('numbers repeated names, ignoring case', () => {
    expect(normalizeHeaderNames(['ad', 'ad', 'AD', 'Name', 'name'], 5)).toEqual(['ad', 'ad (2)', 'AD (3)', 'Name', 'name (2)'])
  })

  it('never gives a generated name that the file uses elsewhere', () => {
    expect(normalizeHeaderNames(['a', 'a', 'a (2)'], 3)).toEqual(['a', 'a (3)', 'a (2)'])
    expect(normalizeHeaderNames(['', 'Column 1'], 2)).toEqual(['Column 1 (2)', 'Column 1'])
    expect(normalizeHeaderNames(['Column 3', 'x'], 3)).toEqual(['Column 3', 'x', 'Column 3 (2)'])
  })

  it('pads to the table width', () => {
    expect(normalizeHeaderNames(['a', 'b'], 4)).toEqual(['a', 'b', 'Column 3', 'Column 4'])
  })

  it('keeps every name of a header wider than the width', () => {
    expect(normalizeHeaderNames(['a', 'b', 'c'], 2)).toEqual(['a', 'b', 'c'])
  })
})

describe('genericColumnNames', () => {
  it('names columns for a table without a header', () => {
    expect(genericColumnNames(3)).toEqual(['Column 1', 'Column 2', 'Column 3'])
    expect(genericColumnNames(0)).toEqual([])
  })
})
