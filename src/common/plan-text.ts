import type { Condition, PlanOperator } from './schemas/plans.ts'

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
  if (condition.op === 'between') return `${condition.column} ${label} ${quote(condition.values[0])} and ${quote(condition.values[1])}`
  if ('values' in condition) return `${condition.column} ${label} ${joinWords(condition.values.map(quote), 'or')}`
  if (condition.op === 'is_empty' || condition.op === 'is_not_empty') return `${condition.column} ${label}`
  return `${condition.column} ${label} ${quote(condition.value ?? '')}`
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
