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
    expect(typedCell('date', '05.03.2024', { order: 'dmy', isSure: true })).toEqual(new Date(Date.UTC(2024, 2, 5)))
    expect(typedCell('date', '2024-02-31')).toBe('2024-02-31')
    expect(typedCell('date', '2024-03-31T10:00:00Z')).toBe('2024-03-31T10:00:00Z')
    expect(jsonCell('date', '03/05/2024', { order: 'mdy', isSure: true })).toBe('2024-03-05')
  })

  it('reads day/month dates in the column order when it is sure', () => {
    expect(jsonCell('date', '04/07/2024', { order: 'dmy', isSure: true })).toBe('2024-07-04')
    expect(jsonCell('date', '4.7.24', { order: 'dmy', isSure: true })).toBe('2024-07-04')
    expect(jsonCell('date', '04/07/2024', { order: 'mdy', isSure: true })).toBe('2024-04-07')
  })

  it('writes a date as written when its reading rests on a guessed order', () => {
    expect(jsonCell('date', '04/07/2024', { order: 'dmy', isSure: false })).toBe('04/07/2024')
    expect(typedCell('date', '04/07/2024')).toBe('04/07/2024')
    // Read the same in either order: sure whatever the guess.
    expect(jsonCell('date', '07/07/2024', { order: 'dmy', isSure: false })).toBe('2024-07-07')
    expect(jsonCell('date', '25/07/2024', { order: 'dmy', isSure: false })).toBe('2024-07-25')
  })

  it('gives true/false as booleans and text as it is', () => {
    expect(typedCell('boolean', 'Yes')).toBe(true)
    expect(typedCell('boolean', 'false')).toBe(false)
    expect(typedCell('boolean', 'unknown')).toBe('unknown')
    expect(typedCell('text', '')).toBe('')
    expect(typedCell('text', '007')).toBe('007')
  })
})
