import { describe, expect, it } from 'vitest'
import { DUPLICATES_MESSAGES, QUALITY_REPORT_MESSAGES } from '#common/messages'
import type { DataQualityIssue } from '#common/schemas/uploads'
import { countIssuesByAction, duplicateLines, filterIssues, formatIssueReason, qualityRecommendations, sharedValueLines } from './quality-report'

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
  const colleagues = {
    exactRows: 0,
    columns: [
      { key: 'c2', name: 'Customer Id', kind: 'id' as const, rows: 0 },
      { key: 'c10', name: 'Email', kind: 'email' as const, rows: 0 },
      { key: 'c12', name: 'Website', kind: 'website' as const, rows: 93 },
    ],
    records: { columns: ['Customer Id', 'Email'], rows: 0 },
    shared: [{ key: 'c12', name: 'Website', values: 85 }],
  }

  it('calls shared websites companies with several contacts, never duplicates, and recommends nothing for them', () => {
    expect(duplicateLines(colleagues)).toEqual([])
    expect(sharedValueLines(colleagues)).toEqual(['85 companies have more than one contact (same Website)'])
    expect(qualityRecommendations([], 95, colleagues)).toEqual([QUALITY_REPORT_MESSAGES.recommendNone])
  })

  it('counts records repeated by their identity columns, and recommends removing them', () => {
    const repeated = { ...colleagues, records: { columns: ['Customer Id', 'Email'], rows: 12 } }
    expect(duplicateLines(repeated)).toEqual(['12 rows repeat another record (same Customer Id and Email)'])
    expect(qualityRecommendations([], 95, repeated)).toEqual([DUPLICATES_MESSAGES.recommend])
  })

  it('counts whole rows when no column identifies a record, and reads reports written before records were counted', () => {
    expect(duplicateLines({ exactRows: 3, columns: [], records: { columns: [], rows: 3 }, shared: [] })).toEqual(['3 rows repeat another row exactly'])
    expect(duplicateLines({ exactRows: 2, columns: [{ key: 'c4', name: 'Website', kind: 'website', rows: 50 }] })).toEqual(['2 rows repeat another row exactly'])
    expect(duplicateLines({ exactRows: 0, columns: [] })).toEqual([])
    expect(duplicateLines(undefined)).toEqual([])
  })
})
