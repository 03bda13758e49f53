import { describeCondition, topLevelConditions } from '#common/plan-text'
import {
  conditionSchema,
  isGroup,
  VALUELESS_PLAN_OPERATORS,
  type ColumnCondition,
  type Condition,
  type Plan,
  type PlanFigure,
  type PlanOperator,
} from '#common/schemas/plans'

/**
 * The answer's criteria as chips (issue 22): one per top-level condition of the plan's `where`. A
 * column condition is edited as column, operator and value; a nested group (any / not / all) is
 * shown as its sentence and can only be removed.
 */
export type CriterionChip = { index: number; text: string; condition: Condition; isEditable: boolean }

export function criterionChips(plan: Plan | null): CriterionChip[] {
  return topLevelConditions(plan?.where).map((condition, index) => ({
    index,
    text: describeCondition(condition).replace(/^\((.*)\)$/s, '$1'),
    condition,
    isEditable: !isGroup(condition),
  }))
}

/** The plan with its top-level condition `index` replaced by `next`, or removed when `next` is null. */
export function withCriterion(plan: Plan, index: number, next: Condition | null): Plan {
  const conditions = topLevelConditions(plan.where).flatMap((condition, i) => (i !== index ? [condition] : next ? [next] : []))
  const { where: _old, ...rest } = plan
  if (conditions.length === 0) return rest
  return { ...rest, where: conditions.length === 1 && !(plan.where && 'all' in plan.where) ? conditions[0]! : { all: conditions } }
}

/**
 * A chip's editor: the operands as typed (a list as comma-separated text, `between` as two boxes).
 * `formula` is set when the condition reads a formula instead of a column (issue 32).
 */
export type CriterionDraft = { column: string; formula?: string; op: PlanOperator; value: string; high: string; caseSensitive?: boolean; figure?: PlanFigure }

export function draftOf(condition: ColumnCondition): CriterionDraft {
  const exact = 'caseSensitive' in condition && condition.caseSensitive ? { caseSensitive: true } : {}
  const subject = 'formula' in condition ? { column: '', formula: condition.formula, ...exact } : { column: condition.column, ...exact }
  // A figure the chip does not edit is kept as it is (its subject and operator may change).
  if ('figure' in condition) return { ...subject, op: condition.op, value: '', high: '', figure: condition.figure }
  if (condition.op === 'between') return { ...subject, op: condition.op, value: condition.values[0], high: condition.values[1] }
  if ('values' in condition) return { ...subject, op: condition.op, value: condition.values.join(', '), high: '' }
  return { ...subject, op: condition.op, value: condition.value ?? '', high: '' }
}

export const isListOperator = (op: PlanOperator) => op === 'in' || op === 'not_in'
export const needsOperand = (op: PlanOperator) => !VALUELESS_PLAN_OPERATORS.includes(op)

/** The condition a draft says, or the first reason it does not make one (checked by the plan's own schema). */
export function conditionOf(draft: CriterionDraft): { condition: Condition } | { error: string } {
  const subject = draft.formula === undefined ? { column: draft.column.trim() } : { formula: draft.formula.trim() }
  let candidate: unknown
  // An exact-case condition stays exact through an edit (the chip keeps what it does not show).
  const exact = draft.caseSensitive ? { caseSensitive: true } : {}
  if (draft.figure) candidate = { ...subject, op: draft.op, figure: draft.figure }
  else if (draft.op === 'between') candidate = { ...subject, op: draft.op, values: [draft.value.trim(), draft.high.trim()] }
  else if (isListOperator(draft.op)) candidate = { ...subject, op: draft.op, values: splitList(draft.value), ...exact }
  else if (!needsOperand(draft.op)) candidate = { ...subject, op: draft.op, ...exact }
  else candidate = { ...subject, op: draft.op, value: draft.value.trim(), ...exact }
  if (draft.op === 'between' && (draft.value.trim() === '' || draft.high.trim() === '')) return { error: 'Give both ends of the range.' }
  const parsed = conditionSchema.safeParse(candidate)
  if (parsed.success) return { condition: parsed.data }
  return { error: parsed.error.issues[0]?.message ?? 'This condition is not complete.' }
}

function splitList(text: string): string[] {
  return text
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '')
}
