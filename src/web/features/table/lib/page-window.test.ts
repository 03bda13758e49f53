import { describe, expect, it } from 'vitest'
import { formatViewCount, pageWindow, pagerState } from './page-window'

describe('pageWindow', () => {
  it('shows every page when there are at most five', () => {
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(2, 3)).toEqual([1, 2, 3])
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5])
  })

  it('centres the current page in a window of five', () => {
    expect(pageWindow(6, 20)).toEqual([4, 5, 6, 7, 8])
  })

  it('stays inside the first and last pages', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5])
    expect(pageWindow(2, 20)).toEqual([1, 2, 3, 4, 5])
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20])
    expect(pageWindow(19, 20)).toEqual([16, 17, 18, 19, 20])
  })

  it('clamps a page past the end and gives nothing for no pages', () => {
    expect(pageWindow(99, 7)).toEqual([3, 4, 5, 6, 7])
    expect(pageWindow(1, 0)).toEqual([])
  })
})

describe('pagerState', () => {
  it('stops at the last page of an exact count', () => {
    expect(pagerState({ page: 2, perPage: 50, totalPages: 3, isCountExact: true, rowsOnPage: 50 })).toEqual({ lastPage: 3, hasNext: true })
    expect(pagerState({ page: 3, perPage: 50, totalPages: 3, isCountExact: true, rowsOnPage: 20 })).toEqual({ lastPage: 3, hasNext: false })
  })

  it('pages on past a capped count while pages come back full', () => {
    expect(pagerState({ page: 200, perPage: 50, totalPages: 200, isCountExact: false, rowsOnPage: 50 })).toEqual({ lastPage: 201, hasNext: true })
    expect(pagerState({ page: 205, perPage: 50, totalPages: 200, isCountExact: false, rowsOnPage: 12 })).toEqual({ lastPage: 205, hasNext: false })
  })
})

describe('formatViewCount', () => {
  it('adds a plus to a capped count', () => {
    expect(formatViewCount(1234, true)).toBe('1,234')
    expect(formatViewCount(10_000, false)).toBe('10,000+')
  })
})
