import { describe, expect, it } from 'vitest'
import { inputTypeFor, toCellValue, toDateInputValue } from './cell-input'

describe('cell editor input', () => {
  it('types the input by the column type', () => {
    expect(inputTypeFor('number')).toBe('number')
    expect(inputTypeFor('date')).toBe('date')
    expect(inputTypeFor('text')).toBe('text')
    expect(inputTypeFor('boolean')).toBe('text')
  })

  it('reads ISO dates and timestamps into a date input, other text as empty', () => {
    expect(toDateInputValue('2024-03-09')).toBe('2024-03-09')
    expect(toDateInputValue('2024-03-09T10:00:00Z')).toBe('2024-03-09')
    expect(toDateInputValue('March 9')).toBe('')
  })

  it('sends blank as null to empty the cell', () => {
    expect(toCellValue('  ')).toBeNull()
    expect(toCellValue('42')).toBe('42')
  })
})
