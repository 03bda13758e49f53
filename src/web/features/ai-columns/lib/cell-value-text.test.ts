import { describe, expect, it } from 'vitest'
import { cellValueText, formatConfidence } from './cell-value-text'

describe('cellValueText', () => {
  it('pretty-prints a JSON value and words a yes/no', () => {
    expect(cellValueText({ ceo: 'Ann', founded: 1999 }, 'x')).toBe('{\n  "ceo": "Ann",\n  "founded": 1999\n}')
    expect(cellValueText(false, 'false')).toBe('No')
  })

  it('uses the display of a text or number value, and of a missing one', () => {
    expect(cellValueText(1200, '1,200')).toBe('1,200')
    expect(cellValueText(null, null)).toBe('')
  })

  it('shows confidence as a percentage', () => {
    expect(formatConfidence(0.874)).toBe('87%')
    expect(formatConfidence(null)).toBe('—')
  })
})
