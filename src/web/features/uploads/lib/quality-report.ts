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

/**
 * Rows that repeat another record: by the record's identity columns (`records`, the count
 * 'Remove duplicates' finds by default), or whole rows exactly on reports written before it.
 */
export function duplicateRows(duplicates: DuplicateFigures | undefined): number {
  if (!duplicates) return 0
  return duplicates.records?.rows ?? duplicates.exactRows
}

/** Whether any row repeats another record: the only repeats the report calls duplicates. */
export function hasDuplicates(duplicates: DuplicateFigures | undefined): boolean {
  return duplicateRows(duplicates) > 0
}

/** The report's line on duplicates: records repeated by their identity, or whole rows exactly. */
export function duplicateLines(duplicates: DuplicateFigures | undefined): string[] {
  if (!duplicates || !hasDuplicates(duplicates)) return []
  const { records } = duplicates
  if (records && records.columns.length > 0) return [DUPLICATES_MESSAGES.recordRows(records.rows, records.columns)]
  return [DUPLICATES_MESSAGES.exactRows(duplicateRows(duplicates))]
}

/** Websites or domains several rows share (colleagues at one company): said as what they are, not as duplicates. */
export function sharedValueLines(duplicates: DuplicateFigures | undefined): string[] {
  return (duplicates?.shared ?? []).filter((column) => column.values > 0).map((column) => DUPLICATES_MESSAGES.sharedValues(column.values, column.name))
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
