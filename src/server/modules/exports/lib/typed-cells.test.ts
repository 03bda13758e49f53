import { describe, expect, it } from 'vitest'
import { jsonCell, typedCell } from './typed-cells.ts'

describe('typed export cells', () => {
  it('gives numbers as numbers and keeps text a number column cannot read', () => {
    expect(typedCell('number', '1,500')).toBe(1500)
    expect(typedCell('number', ' -3.25 ')).toBe(-3.25)
    expect(typedCell('number', '$1,200')).toBe(1200)
    expect(typedCell('number', '12%')).toBe('12%')
    expect(typedCell('number', 'n/a')).toBe('n/a')
    expect(typedCell('number', '')).toBeNull()
  })

  it('gives plain dates as dates, keeps dates with a time and impossible days as text', () => {
    expect(typedCell('date', '2024-03-31')).toEqual(new Date(Date.UTC(2024, 2, 31)))
    expect(typedCell('date', '05.03.2024')).toEqual(new Date(Date.UTC(2024, 2, 5)))
    expect(typedCell('date', '2024-02-31')).toBe('2024-02-31')
    expect(typedCell('date', '2024-03-31T10:00:00Z')).toBe('2024-03-31T10:00:00Z')
    expect(jsonCell('date', '03/05/2024')).toBe('2024-03-05')
  })

  it('gives true/false as booleans and text as it is', () => {
    expect(typedCell('boolean', 'Yes')).toBe(true)
    expect(typedCell('boolean', 'false')).toBe(false)
    expect(typedCell('boolean', 'unknown')).toBe('unknown')
    expect(typedCell('text', '')).toBe('')
    expect(typedCell('text', '007')).toBe('007')
  })
})
