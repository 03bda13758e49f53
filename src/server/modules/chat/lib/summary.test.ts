import { describe, expect, it } from 'vitest'
import { isFaithfulSummary, templateSummary } from './summary.ts'

const figures = {
  question: 'How many leads in Germany have more than 50 employees?',
  count: 1234,
  totalRows: 5000,
  criteria: ['Country is "Germany".', 'Employees is greater than "50".'],
  aggregate: { op: 'avg' as const, column: 'Employees', value: 212.3456, skipped: 3 },
  top: null,
}

describe('isFaithfulSummary', () => {
  it('accepts the computed figures, with separators, rounded, as a percentage, and numbers from the question', () => {
    expect(isFaithfulSummary('1,234 of 5,000 leads (24.68%) match; they average 212.35 employees, 3 values skipped.', figures)).toBe(true)
    const count = { ...figures, aggregate: null }
    expect(isFaithfulSummary('1234 leads in Germany have more than 50 employees (25%).', count)).toBe(true)
    expect(isFaithfulSummary('Most German leads are large.', count)).toBe(true)
  })

  it('refuses a summary of an average, or of a top N, that does not state the figure asked for', () => {
    expect(isFaithfulSummary('1,234 of 5,000 leads match.', figures)).toBe(false)
    const top = { ...figures, aggregate: null, top: { n: 5, column: 'Employees', direction: 'desc' as const } }
    expect(isFaithfulSummary('1,234 of 5,000 leads match.', top)).toBe(false)
    expect(isFaithfulSummary('These are the 5 largest of the 1,234 leads.', top)).toBe(true)
  })

  it('refuses a number the plan did not compute', () => {
    expect(isFaithfulSummary('About 1,200 leads match.', figures)).toBe(false)
    expect(isFaithfulSummary('1,234 leads match, roughly 30% of the list.', figures)).toBe(false)
    expect(isFaithfulSummary('The average is 215 employees.', figures)).toBe(false)
  })
})

describe('templateSummary', () => {
  it('opens with the figure asked for: an average before the rows it was taken over', () => {
    expect(templateSummary(figures)).toBe(
      'The average of Employees is 212.35 (3 values that are not numbers were skipped), over the 1,234 of 5,000 rows that match.',
    )
    expect(templateSummary({ ...figures, criteria: [], count: 5000, aggregate: { op: 'sum', column: 'Revenue', value: 1_500_000, skipped: 0 } })).toBe(
      'The total of Revenue is 1,500,000, over all 5,000 rows.',
    )
  })

  it('says a top N as N rows of those that match, in the order asked', () => {
    expect(templateSummary({ ...figures, aggregate: null, criteria: [], count: 5000, top: { n: 5, column: 'Revenue', direction: 'desc' } })).toBe(
      'The top 5 of 5,000 rows by Revenue, highest first.',
    )
    expect(templateSummary({ ...figures, aggregate: null, top: { n: 10, column: 'Employees', direction: 'asc' } })).toBe(
      'The top 10 of 1,234 matching rows by Employees, lowest first.',
    )
    expect(isFaithfulSummary('The 5 biggest leads by revenue.', { ...figures, question: 'Who are the biggest leads?', top: { n: 5, column: 'Revenue', direction: 'desc' } })).toBe(true)
  })

  it('says the count and a grouping from the figures alone', () => {
    expect(templateSummary({ ...figures, criteria: [], aggregate: null })).toBe('The file has 5,000 rows.')
    expect(
      templateSummary({ ...figures, aggregate: { op: 'count_by', column: 'Country', groups: [{ value: 'Germany', count: 800 }, { value: '', count: 434 }], otherGroups: 2 } }),
    ).toBe('1,234 of 5,000 rows match. By Country: Germany (800), (empty) (434), and 2 other values.')
  })
})
