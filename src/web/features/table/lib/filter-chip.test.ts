import { describe, expect, it } from 'vitest'
import { canAddFilter, filterChipText, filtersForColumns, toRowFilter } from './filter-chip'

const columns = [
  { key: 'company', name: 'Company' },
  { key: 'email', name: 'Email' },
]

describe('filter chips', () => {
  it('reads as column, condition and quoted value', () => {
    expect(filterChipText({ column: 'company', operator: 'starts_with', value: 'Ac' }, columns)).toBe('Company starts with "Ac"')
    expect(filterChipText({ column: 'email', operator: 'is_empty', value: '' }, columns)).toBe('Email is empty')
  })

  it('requires a column and a value, except for the emptiness tests', () => {
    expect(canAddFilter({ column: '', operator: 'contains', value: 'x' })).toBe(false)
    expect(canAddFilter({ column: 'email', operator: 'contains', value: '  ' })).toBe(false)
    expect(canAddFilter({ column: 'email', operator: 'contains', value: 'x' })).toBe(true)
    expect(canAddFilter({ column: 'email', operator: 'is_not_empty', value: '' })).toBe(true)
  })

  it('trims the value and drops it for valueless conditions', () => {
    expect(toRowFilter({ column: 'email', operator: 'equals', value: ' a ' })).toEqual({ column: 'email', operator: 'equals', value: 'a' })
    expect(toRowFilter({ column: 'email', operator: 'is_empty', value: 'x' })).toEqual({ column: 'email', operator: 'is_empty', value: '' })
  })

  it('forgets filters on columns that no longer exist', () => {
    const filters = [
      { column: 'company', operator: 'contains' as const, value: 'a' },
      { column: 'gone', operator: 'contains' as const, value: 'b' },
    ]
    expect(filtersForColumns(filters, columns)).toEqual([filters[0]])
  })
})
