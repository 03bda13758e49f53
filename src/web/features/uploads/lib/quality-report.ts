import { COMPLETENESS_LEVELS } from '#common/constants'
import { DUPLICATES_MESSAGES, QUALITY_REPORT_MESSAGES } from '#common/messages'
import type { DuplicateFigures } from '#common/schemas/duplicates'
import type { DataQualityIssue } from '#common/schemas/uploads'

export type IssueActionFilter = DataQualityIssue['action'] | 'all'

/** Reasons are stored as codes (`too_many_columns`); the report shows them as words (001 §3). */
export function formatIssueReason(reason: string): string {
  return reason.replace(/_/g, ' ')
}

export function filterIssues(issues: DataQualityIssue[], action: IssueActionFilter): DataQualityIssue[] {
  return action === 'all' ? issues : issues.filter((issue) => issue.action === action)
}

export function countIssuesByAction(issues: DataQualityIssue[]): Record<DataQualityIssue['action'], number> {
  const counts = { skipped: 0, padded: 0, other: 0 }
  for (const issue of issues) counts[issue.action] += 1
  return counts
}

/** Whether any row repeats another, exactly or by a column that identifies a lead. */
export function hasDuplicates(duplicates: DuplicateFigures | undefined): boolean {
  return Boolean(duplicates && (duplicates.exactRows > 0 || duplicates.columns.some((column) => column.rows > 0)))
}

/** The report's lines on repeats: exact ones first, then each identifying column that has them. */
export function duplicateLines(duplicates: DuplicateFigures | undefined): string[] {
  if (!hasDuplicates(duplicates)) return []
  return [
    DUPLICATES_MESSAGES.exactRows(duplicates!.exactRows),
    ...duplicates!.columns.filter((column) => column.rows > 0).map((column) => DUPLICATES_MESSAGES.columnRows(column.rows, column.name)),
  ]
}

/** What the user can do about what the importer found, most useful first. */
export function qualityRecommendations(issues: DataQualityIssue[], completeness: number | null, duplicates?: DuplicateFigures): string[] {
  const counts = countIssuesByAction(issues)
  const tips: string[] = []
  if (hasDuplicates(duplicates)) tips.push(DUPLICATES_MESSAGES.recommend)
  if (counts.skipped > 0) tips.push(QUALITY_REPORT_MESSAGES.recommendSkipped)
  if (counts.padded > 0) tips.push(QUALITY_REPORT_MESSAGES.recommendPadded)
  if (completeness !== null && completeness < COMPLETENESS_LEVELS.high) tips.push(QUALITY_REPORT_MESSAGES.recommendCompleteness)
  return tips.length > 0 ? tips : [QUALITY_REPORT_MESSAGES.recommendNone]
}
