import { describe, expect, it } from 'vitest'
import { inferColumnTypes } from './infer-column-types.ts'

const rows = (values: Array<string | undefined>): Array<Record<string, string>> =>
  values.map((value): Record<string, string> => (value === undefined ? {} : { c1: value }))

describe('inferColumnTypes', () => {
  it('reads numbers, with separators, signs, currency and percentages', () => {
    expect(inferColumnTypes(['c1'], rows(['1,200', '-3.5', '$40', '12%', undefined, '7'])).get('c1')).toBe('number')
  })

  it('reads ISO, day-first and month-first dates', () => {
    expect(inferColumnTypes(['c1'], rows(['2024-03-05', '05.03.2024', '03/05/2024', '2024-12-31T10:00:00Z'])).get('c1')).toBe('date')
  })

  it('reads yes/no words as booleans only when every value is one', () => {
    expect(inferColumnTypes(['c1'], rows(['yes', 'No', 'TRUE', 'false'])).get('c1')).toBe('boolean')
    expect(inferColumnTypes(['c1'], rows(['yes', 'No', 'maybe'])).get('c1')).toBe('text')
  })

  it('keeps text when fewer than 95% of the values share a type', () => {
    const values = [...Array.from({ length: 18 }, (_, i) => String(i)), 'n/a', 'unknown']
    expect(inferColumnTypes(['c1'], rows(values)).get('c1')).toBe('text')
  })

  it('keeps phone numbers with spaces and empty columns as text', () => {
    expect(inferColumnTypes(['c1'], rows(['+1 555 0100', '+44 20 7946 0000'])).get('c1')).toBe('text')
    expect(inferColumnTypes(['c1'], rows([undefined, ''])).get('c1')).toBe('text')
  })
})
