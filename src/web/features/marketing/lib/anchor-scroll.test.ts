import { describe, expect, it } from 'vitest'
import { anchorScrollTop, formatStat } from './anchor-scroll'

describe('anchorScrollTop', () => {
  it('leaves 64 px for the header plus 24 px above pricing and 40 px above other sections', () => {
    expect(anchorScrollTop('pricing', 1000, 500)).toBe(1500 - 64 - 24)
    expect(anchorScrollTop('features', 1000, 500)).toBe(1500 - 64 - 40)
    expect(anchorScrollTop('testimonials', 10, 0)).toBe(0)
  })
})

describe('formatStat', () => {
  it('shows small counts exactly and large ones compactly', () => {
    expect(formatStat(0)).toBe('0')
    expect(formatStat(9_876)).toBe('9,876')
    expect(formatStat(12_345)).toBe('12.3K')
    expect(formatStat(1_250_000)).toBe('1.3M')
  })
})
