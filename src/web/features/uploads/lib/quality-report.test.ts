import { describe, expect, it } from 'vitest'
import { DUPLICATES_MESSAGES, QUALITY_REPORT_MESSAGES } from '#common/messages'
import type { DataQualityIssue } from '#common/schemas/uploads'
import { countIssuesByAction, duplicateLines, filterIssues, formatIssueReason, qualityRecommendations } from './quality-report'

const issue = (row: number, action: DataQualityIssue['action']): DataQualityIssue => ({
  row,
  action,
  expected_columns: 3,
  actual_columns: action === 'skipped' ? 5 : 2,
  reason: action === 'skipped' ? 'too_many_columns' : 'too_few_columns',
})

describe('quality report', () => {
  it('shows reason codes with spaces instead of underscores', () => {
    expect(formatIssueReason('too_many_columns')).toBe('too many columns')
  })

  it('filters issues by action and counts them', () => {
    const issues = [issue(2, 'skipped'), issue(3, 'padded'), issue(7, 'skipped')]
    expect(filterIssues(issues, 'all')).toHaveLength(3)
    expect(filterIssues(issues, 'skipped').map((i) => i.row)).toEqual([2, 7])
    expect(countIssuesByAction(issues)).toEqual({ skipped: 2, padded: 1, other: 0 })
  })

  it('recommends fixes for what was found, or says the file is clean', () => {
    expect(qualityRecommendations([issue(2, 'skipped')], 90)).toEqual([QUALITY_REPORT_MESSAGES.recommendSkipped])
    expect(qualityRecommendations([], 50)).toEqual([QUALITY_REPORT_MESSAGES.recommendCompleteness])
    expect(qualityRecommendations([], 95)).toEqual([QUALITY_REPORT_MESSAGES.recommendNone])
  })
})

describe('duplicates in the quality report', () => {
  const figures = { exactRows: 1000, columns: [{ key: 'c1', name: 'Email', kind: 'email' as const, rows: 1000 }, { key: 'c4', name: 'Website', kind: 'website' as const, rows: 0 }] }

  it('lists exact repeats and the identifying columns that have repeats', () => {
    expect(duplicateLines(figures)).toEqual(['1,000 rows repeat another row exactly', "1,000 rows repeat another row's Email"])
    expect(duplicateLines({ exactRows: 0, columns: [] })).toEqual([])
    expect(duplicateLines(undefined)).toEqual([])
  })

  it('recommends removing them first, and never calls a file with repeats clean', () => {
    expect(qualityRecommendations([], 95, figures)).toEqual([DUPLICATES_MESSAGES.recommend])
    expect(qualityRecommendations([], 95, { exactRows: 0, columns: [] })).toEqual([QUALITY_REPORT_MESSAGES.recommendNone])
  })
})
