import { describe, expect, it } from 'vitest'
import { isFaithfulSummary, templateSummary } from './summary.ts'

const figures = {
  question: 'How many leads in Germany have more than 50 employees?',
  count: 1234,
  totalRows: 5000,
  criteria: ['Country is "Germany".', 'Employees is greater than "50".'],
  aggregate: { op: 'avg' as const, column: 'Employees', value: 212.3456, skipped: 3 },
}

describe('isFaithfulSummary', () => {
  it('accepts the computed figures, with separators, rounded, as a percentage, and numbers from the question', () => {
    expect(isFaithfulSummary('1,234 of 5,000 leads (24.68%) match; they average 212.35 employees, 3 values skipped.', figures)).toBe(true)
    expect(isFaithfulSummary('1234 leads in Germany have more than 50 employees (25%).', figures)).toBe(true)
    expect(isFaithfulSummary('Most German leads are large.', figures)).toBe(true)
  })

  it('refuses a number the plan did not compute', () => {
    expect(isFaithfulSummary('About 1,200 leads match.', figures)).toBe(false)
    expect(isFaithfulSummary('1,234 leads match, roughly 30% of the list.', figures)).toBe(false)
    expect(isFaithfulSummary('The average is 215 employees.', figures)).toBe(false)
  })
})

describe('templateSummary', () => {
  it('says the count and the aggregate from the figures alone', () => {
    expect(templateSummary(figures)).toBe('1,234 of 5,000 rows match. The average of Employees is 212.35 (3 values that are not numbers were skipped).')
    expect(templateSummary({ ...figures, criteria: [], aggregate: null })).toBe('The file has 5,000 rows.')
    expect(
      templateSummary({ ...figures, aggregate: { op: 'count_by', column: 'Country', groups: [{ value: 'Germany', count: 800 }, { value: '', count: 434 }], otherGroups: 2 } }),
    ).toBe('1,234 of 5,000 rows match. By Country: Germany (800), (empty) (434), and 2 other values.')
  })
})
