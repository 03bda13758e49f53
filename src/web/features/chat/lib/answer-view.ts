import { CHAT } from '#common/constants'
import { CHAT_MESSAGES, DUPLICATES_MESSAGES } from '#common/messages'
import type { ChatMessage, ChatResult } from '#common/schemas/chat'
import { describeCompare, describeMeasure, percentileWords } from '#common/plan-text'
import type { AggregateResult, PlanDuplicates } from '#common/schemas/plans'

/** The answer shown prominently: the last AI message of the conversation that carries a result. */
export function latestAnswer(messages: ChatMessage[]): (ChatMessage & { result: ChatResult }) | null {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i]!
    if (message.type === 'ai' && message.result) return message as ChatMessage & { result: ChatResult }
  }
  return null
}

/** Confidence as a whole percentage (001 §9: default 50%). */
export function confidencePercent(confidence: number | null | undefined): number {
  const value = typeof confidence === 'number' && Number.isFinite(confidence) ? confidence : CHAT.defaultConfidence
  return Math.round(Math.min(1, Math.max(0, value)) * 100)
}

/** 'Show in table' needs rows to show and a condition that finds them (001 §5: never a list of ids). */
export function canShowInTable(result: ChatResult): boolean {
  return result.result_type !== 'judgment_proposal' && Boolean(result.plan?.where) && result.data.count > 0
}

export type SearchPanelNotice = { text: string; toChat: boolean }

/**
 * What the AI search panel says of an answer it does not apply as the filter: nothing matched,
 * or the answer is elsewhere (a figure, a proposed AI column), in the Magic Chat conversation.
 */
export function searchPanelNotice(result: ChatResult | null | undefined): SearchPanelNotice {
  if (result?.result_type === 'judgment_proposal') return { text: CHAT_MESSAGES.searchNeedsJudgment, toChat: true }
  if (!result || result.data.count === 0) return { text: CHAT_MESSAGES.searchNoMatches, toChat: false }
  return { text: CHAT_MESSAGES.searchAnswerInChat, toChat: true }
}

const AGGREGATE_LABELS: Record<AggregateResult['op'], string> = {
  count: 'Count',
  exists: 'Any rows',
  count_by: 'Count by',
  group_by: 'By',
  expression: '',
  count_distinct: 'Distinct values of',
  sum: 'Sum of',
  avg: 'Average of',
  min: 'Lowest',
  max: 'Highest',
  median: 'Median of',
  percentile: 'Percentile of',
}

/** The aggregate's heading: 'Average of Employees', '90th percentile of Price'. */
export function aggregateLabel(aggregate: AggregateResult): string {
  const words = aggregate.op === 'percentile' && aggregate.fraction !== undefined ? `${capitalised(percentileWords(aggregate.fraction))} of` : AGGREGATE_LABELS[aggregate.op]
  if (aggregate.op === 'expression') return aggregate.column
  return aggregate.column ? `${words} ${aggregate.column}` : words
}
const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`

/** A figure as the answer shows it: numbers grouped, at most two decimals; text (a date) as it is. */
export function formatFigure(value: number | string | null): string {
  if (value === null) return '-'
  if (typeof value === 'string') return value
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 })
}

/** Values skipped by sum/avg/min/max because they do not read as numbers (or dates). */
export function skippedNote(aggregate: AggregateResult): string | null {
  if (!('skipped' in aggregate) || aggregate.skipped === 0) return null
  return `${aggregate.skipped.toLocaleString('en-US')} ${aggregate.skipped === 1 ? 'value was' : 'values were'} skipped (not a number).`
}

/**
 * The answer's note when the rows it counted hold repeats, by the quality report's rule (issue 44):
 * records repeated by their identity columns, or whole rows exactly in a file without them; a
 * shared website is never called a duplicate. Answers stored before it speak per column.
 */
export function duplicatesNote(duplicates: PlanDuplicates | undefined): string | null {
  if (!duplicates) return null
  const { records } = duplicates
  if (records) {
    if (records.rows === 0) return null
    const part = records.columns.length > 0 ? DUPLICATES_MESSAGES.chatRecords(records.rows, records.columns) : DUPLICATES_MESSAGES.chatExact(records.rows)
    return DUPLICATES_MESSAGES.chatNote([part])
  }
  const parts = [
    ...(duplicates.exactRows ? [DUPLICATES_MESSAGES.chatExact(duplicates.exactRows)] : []),
    ...duplicates.columns.filter((column) => column.rows > 0).map((column) => DUPLICATES_MESSAGES.chatColumn(column.rows, column.column)),
  ]
  return parts.length > 0 ? DUPLICATES_MESSAGES.chatNote(parts) : null
}

export type AnswerHeadline = { figure: string; line: string }

/**
 * The figure an answer leads with (issue 30 §4): the one asked for. An average (a total, the
 * lowest...) rather than the rows it was taken over; a top N as N, of how many matched; otherwise
 * the matching rows.
 */
export function answerHeadline(result: ChatResult): AnswerHeadline {
  const { data } = result
  const aggregate = data.aggregate
  // A yes/no question leads with yes or no, and says the figure behind it.
  if (aggregate?.op === 'exists') return { figure: aggregate.answer ? CHAT_MESSAGES.yes : CHAT_MESSAGES.no, line: CHAT_MESSAGES.rowsExist(aggregate.value, data.total_rows) }
  // A yes/no expression ("{Smokers} > {Others}") leads with its answer.
  if (aggregate?.op === 'expression' && aggregate.answer !== undefined) return { figure: aggregate.answer ? CHAT_MESSAGES.yes : CHAT_MESSAGES.no, line: CHAT_MESSAGES.figureOverRows(aggregate.column, data.count, data.total_rows) }
  if (aggregate && aggregate.op !== 'expression' && 'answer' in aggregate && aggregate.answer !== undefined && aggregate.compare) {
    const label = aggregate.op === 'count' ? 'Matching rows' : aggregateLabel(aggregate)
    return { figure: aggregate.answer ? CHAT_MESSAGES.yes : CHAT_MESSAGES.no, line: CHAT_MESSAGES.figureAgainst(label, formatFigure(aggregate.value), describeCompare(aggregate.compare)) }
  }
  if (aggregate && aggregate.op !== 'count' && aggregate.op !== 'count_by' && aggregate.op !== 'group_by') {
    return { figure: formatFigure(aggregate.value), line: CHAT_MESSAGES.figureOverRows(aggregateLabel(aggregate), data.count, data.total_rows) }
  }
  // A grouping limited to one group leads with that group's figure ("the most common city": its rows).
  if ((aggregate?.op === 'count_by' || aggregate?.op === 'group_by') && aggregate.group !== undefined && aggregate.value !== undefined) {
    const group = aggregate.group === '' ? '(empty)' : `"${aggregate.group}"`
    const label = aggregate.op === 'count_by' ? `Rows of ${aggregate.column} ${group}` : `${describeMeasure(aggregate.measures[0]!)} of ${aggregate.column} ${group}`
    return { figure: formatFigure(aggregate.value), line: CHAT_MESSAGES.figureOverRows(label, data.count, data.total_rows) }
  }
  if (data.top) return { figure: formatFigure(data.top.n), line: CHAT_MESSAGES.topRows(data.top.n, data.top.matching) }
  return { figure: formatFigure(data.count), line: CHAT_MESSAGES.summaryRows(data.count, data.total_rows) }
}
