import { describe, expect, it } from 'vitest'
import { percentileOf } from './percentile.ts'

describe('percentileOf', () => {
  it('gives the middle value of an odd count, halfway between the two middle ones of an even count', () => {
    expect(percentileOf([5, 1, 3], 0.5)).toBe(3)
    expect(percentileOf([4, 1, 3, 10], 0.5)).toBe(3.5)
  })

  it('interpolates between the values around the fraction; 0 and 1 are the lowest and highest', () => {
    expect(percentileOf([10, 20, 30, 40, 50], 0.9)).toBe(46)
    expect(percentileOf([10, 20, 30, 40], 0.25)).toBe(17.5)
    expect(percentileOf([7, -2, 9], 0)).toBe(-2)
    expect(percentileOf([7, -2, 9], 1)).toBe(9)
  })

  it('has no figure without values', () => {
    expect(percentileOf([], 0.5)).toBeNull()
  })
})
