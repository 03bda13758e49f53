import { subjectLabel, type Aggregate, type AggregateCompare, type Condition, type GroupMeasure, type Plan, type PlanFigure, type PlanOperator } from './schemas/plans.ts'

/** Plain words for a plan's operators and conditions: the chat's criteria and its chips. */

export const PLAN_OPERATOR_LABELS: Record<PlanOperator, string> = {
  equals: 'is',
  not_equals: 'is not',
  contains: 'contains',
  not_contains: 'does not contain',
  starts_with: 'starts with',
  ends_with: 'ends with',
  greater_than: 'is greater than',
  less_than: 'is less than',
  at_least: 'is at least',
  at_most: 'is at most',
  is_empty: 'is empty',
  is_not_empty: 'is not empty',
  in: 'is one of',
  not_in: 'is none of',
  between: 'is between',
}

const quote = (value: string) => `"${value.trim()}"`

function joinWords(words: string[], last: 'and' | 'or') {
  if (words.length <= 1) return words.join('')
  return `${words.slice(0, -1).join(', ')} ${last} ${words.at(-1)}`
}

/** One condition in plain words, without a full stop: `Country is "USA"`. */
export function describeCondition(condition: Condition): string {
  if ('all' in condition) {
    if (condition.all.length === 0) return 'every row'
    const parts = condition.all.map(describeCondition)
    return parts.length === 1 ? parts[0]! : `(${joinWords(parts, 'and')})`
  }
  if ('any' in condition) {
    const parts = condition.any.map(describeCondition)
    return parts.length === 1 ? parts[0]! : `(${joinWords(parts, 'or')})`
  }
  if ('not' in condition) return `not ${describeCondition(condition.not)}`
  const label = PLAN_OPERATOR_LABELS[condition.op]
  const subject = subjectLabel(condition)
  if ('figure' in condition) return `${subject} ${label} ${describeFigure(condition.figure)}`
  if (condition.op === 'between') return `${subject} ${label} ${quote(condition.values[0])} and ${quote(condition.values[1])}`
  const exact = 'caseSensitive' in condition && condition.caseSensitive ? ' (exact case)' : ''
  if ('values' in condition) return `${subject} ${label} ${joinWords(condition.values.map(quote), 'or')}${exact}`
  if (condition.op === 'is_empty' || condition.op === 'is_not_empty') return `${subject} ${label}`
  return `${subject} ${label} ${quote(condition.value ?? '')}${exact}`
}

/** A figure over every row, as a condition compares with it: 'the average of Salary', 'the 90th percentile of Price'. */
export function describeFigure(figure: PlanFigure): string {
  const words = figure.op === 'percentile' ? `${percentileWords(figure.fraction)} of` : { sum: 'total of', avg: 'average of', min: 'lowest', max: 'highest', median: 'median of' }[figure.op]
  return `the ${words} ${subjectLabel(figure)} (over every row)`
}

/** The top-level conditions of a where: the members of an `all`, or the condition itself. */
export function topLevelConditions(where: Condition | undefined): Condition[] {
  if (!where) return []
  if ('all' in where) return where.all
  return [where]
}

/** One sentence per top-level condition, as the chat's filter criteria. */
export function describeCriteria(where: Condition | undefined): string[] {
  return topLevelConditions(where).map((condition) => {
    const text = describeCondition(condition).replace(/^\((.*)\)$/s, '$1')
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`
  })
}

const AGGREGATE_WORDS: Record<Exclude<Aggregate['op'], 'count' | 'exists'>, string> = {
  count_by: 'Rows counted by',
  group_by: 'By',
  expression: 'Expression',
  count_distinct: 'Distinct values of',
  sum: 'Total of',
  avg: 'Average of',
  min: 'Lowest',
  max: 'Highest',
  median: 'Median of',
  percentile: 'Percentile of',
}

/** A percentile's fraction in words: 0.9 is 'the 90th percentile', 0.975 'the 97.5th percentile'. */
export function percentileWords(fraction: number): string {
  const hundredths = Math.round(fraction * 100_000) / 1000
  const whole = Math.trunc(hundredths)
  const suffix = hundredths !== whole || (whole % 100 >= 11 && whole % 100 <= 13) ? 'th' : (['th', 'st', 'nd', 'rd'][whole % 10] ?? 'th')
  return `${hundredths}${suffix} percentile`
}

/** An aggregate's words before its column: 'Average of', '90th percentile of'. */
const aggregateWords = (aggregate: Exclude<Aggregate, { op: 'count' | 'exists' }>) =>
  aggregate.op === 'percentile' ? `${capitalised(percentileWords(aggregate.fraction))} of` : AGGREGATE_WORDS[aggregate.op]
const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`

/**
 * What a plan computes, in words, as an answer's title once its conditions were edited (issue 30
 * §3): 'Country is "Spain"', 'Average of Revenue where Country is "Spain"', 'Top 5 by Revenue'.
 */
export function describePlan(plan: Plan): string {
  const where = plan.where && topLevelConditions(plan.where).length > 0 ? describeCondition(plan.where).replace(/^\((.*)\)$/s, '$1') : null
  const aggregate = plan.aggregate
  let head: string | null = null
  if (aggregate?.op === 'exists') head = 'Any rows'
  else if (aggregate?.op === 'count' && aggregate.compare) head = `Rows ${describeCompare(aggregate.compare)}`
  else if (aggregate?.op === 'expression') head = aggregate.expression
  else if (aggregate?.op === 'group_by') head = `${aggregate.expression ?? aggregate.measures.map(describeMeasure).join(', ')} by ${subjectLabel(aggregate)}`
  else if (aggregate && aggregate.op !== 'count') head = `${aggregateWords(aggregate)} ${subjectLabel(aggregate)}${'compare' in aggregate && aggregate.compare ? ` ${describeCompare(aggregate.compare)}` : ''}`
  else if (plan.limit) head = plan.sort ? `Top ${plan.limit} by ${subjectLabel(plan.sort)}` : `First ${plan.limit} rows`
  if (!head) return where ? `${where.charAt(0).toUpperCase()}${where.slice(1)}` : 'Every row'
  return where ? `${head} where ${where}` : head
}

const COMPARE_WORDS: Record<AggregateCompare['op'], string> = {
  equals: 'equal to',
  not_equals: 'not equal to',
  greater_than: 'greater than',
  less_than: 'less than',
  at_least: 'at least',
  at_most: 'at most',
}

/** A yes/no question's comparison: 'greater than "1000"'. */
export const describeCompare = (compare: AggregateCompare) => `${COMPARE_WORDS[compare.op]} ${quote(compare.value)}`

const MEASURE_WORDS: Record<GroupMeasure['op'], string> = { count: 'Rows', count_distinct: 'Distinct', sum: 'Total', avg: 'Average', min: 'Lowest', max: 'Highest', median: 'Median', percentile: 'Percentile' }

/** A group_by's measure, as its column heading: 'Total Revenue', 'Rows', '90th percentile Price'. */
export const describeMeasure = (measure: GroupMeasure | { op: GroupMeasure['op']; column: string | null; fraction?: number }) => {
  const subject = 'formula' in measure ? measure.formula : 'column' in measure ? measure.column : null
  const words = measure.op === 'percentile' && 'fraction' in measure && measure.fraction !== undefined ? capitalised(percentileWords(measure.fraction)) : MEASURE_WORDS[measure.op]
  return subject ? `${words} ${subject}` : words
}
