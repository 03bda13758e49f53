import { z } from 'zod'
import { CHAT_PLAN } from '../constants.ts'
import { REQUEST_MESSAGES } from '../messages.ts'

/**
 * A query plan over one upload's rows (issue 22): the public contract of
 * `POST /api/uploads/:id/chat/plan` and what Magic Chat's model answers with. Columns are named as
 * the user sees them (case-insensitive); the server resolves them, compiles the plan to SQL over
 * every row and computes the answer. Nothing in a plan is SQL.
 */

const columnName = z.string().trim().min(1, 'Name a column.').max(200)
const operand = z.string().max(500)

export const valueOperatorSchema = z.enum([
  'equals',
  'not_equals',
  'contains',
  'not_contains',
  'starts_with',
  'ends_with',
  'greater_than',
  'less_than',
  'at_least',
  'at_most',
  'is_empty',
  'is_not_empty',
])
export type ValueOperator = z.infer<typeof valueOperatorSchema>
export const listOperatorSchema = z.enum(['in', 'not_in'])
export type ListOperator = z.infer<typeof listOperatorSchema>
export type PlanOperator = ValueOperator | ListOperator | 'between'
export const PLAN_OPERATORS: readonly PlanOperator[] = [...valueOperatorSchema.options, ...listOperatorSchema.options, 'between']

/** Operators that take no value. */
export const VALUELESS_PLAN_OPERATORS: readonly PlanOperator[] = ['is_empty', 'is_not_empty']

export const valueConditionSchema = z
  .object({ column: columnName, op: valueOperatorSchema, value: operand.optional() })
  .strict()
  .refine((c) => VALUELESS_PLAN_OPERATORS.includes(c.op) || (c.value ?? '').trim() !== '', {
    message: 'Give a value to compare with.',
    path: ['value'],
  })
export const listConditionSchema = z
  .object({ column: columnName, op: listOperatorSchema, values: z.array(operand).min(1, 'Give at least one value.').max(CHAT_PLAN.maxListValues) })
  .strict()
export const betweenConditionSchema = z
  .object({ column: columnName, op: z.literal('between'), values: z.tuple([operand, operand]) })
  .strict()

export type ValueCondition = z.infer<typeof valueConditionSchema>
export type ListCondition = z.infer<typeof listConditionSchema>
export type BetweenCondition = z.infer<typeof betweenConditionSchema>
export type ColumnCondition = ValueCondition | ListCondition | BetweenCondition
export type Condition = { all: Condition[] } | { any: Condition[] } | { not: Condition } | ColumnCondition

const nestedConditionSchema: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    z.object({ all: z.array(nestedConditionSchema).max(CHAT_PLAN.maxConditions) }).strict(),
    z.object({ any: z.array(nestedConditionSchema).min(1).max(CHAT_PLAN.maxConditions) }).strict(),
    z.object({ not: nestedConditionSchema }).strict(),
    valueConditionSchema,
    listConditionSchema,
    betweenConditionSchema,
  ]),
)

/**
 * How far a condition tree nests (groups: all, any, not) and how many column conditions it holds,
 * read without recursion and stopping past the limits, so a tree nested 300,000 deep costs as
 * much as one that is just too deep.
 */
export function conditionTreeProblem(value: unknown): string | null {
  const stack: Array<{ node: unknown; depth: number }> = [{ node: value, depth: 0 }]
  let conditions = 0
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!
    if (typeof node !== 'object' || node === null) continue
    const children = 'all' in node ? node.all : 'any' in node ? node.any : 'not' in node ? [node.not] : null
    if (children === null) {
      conditions += 1
      if (conditions > CHAT_PLAN.maxConditionsInAll) return REQUEST_MESSAGES.tooManyConditions(CHAT_PLAN.maxConditionsInAll)
      continue
    }
    if (depth >= CHAT_PLAN.maxConditionDepth) return REQUEST_MESSAGES.conditionsTooDeep(CHAT_PLAN.maxConditionDepth)
    if (!Array.isArray(children)) continue
    if (children.length > CHAT_PLAN.maxConditionsInAll) return REQUEST_MESSAGES.tooManyConditions(CHAT_PLAN.maxConditionsInAll)
    for (const child of children) stack.push({ node: child, depth: depth + 1 })
  }
  return null
}

/**
 * A condition tree: bounded by depth and count (conditionTreeProblem) before the recursive
 * schema reads it, so no input can make validation recurse until the stack overflows.
 */
export const conditionSchema = z.preprocess((value: Condition, ctx) => {
  const problem = conditionTreeProblem(value)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
  return value
}, nestedConditionSchema)

export const aggregateSchema = z.union([
  z.object({ op: z.literal('count') }).strict(),
  z.object({ op: z.literal('count_by'), column: columnName, limit: z.number().int().min(1).max(CHAT_PLAN.maxGroups).optional() }).strict(),
  z.object({ op: z.enum(['count_distinct', 'sum', 'avg', 'min', 'max']), column: columnName }).strict(),
])
export type Aggregate = z.infer<typeof aggregateSchema>
export type AggregateOp = Aggregate['op']

export const planSortSchema = z.object({ column: columnName, direction: z.enum(['asc', 'desc']) }).strict()

export const planSchema = z
  .object({
    where: conditionSchema.optional(),
    aggregate: aggregateSchema.optional(),
    sort: planSortSchema.optional(),
    limit: z.number().int().min(1).max(CHAT_PLAN.maxLimit).optional(),
  })
  .strict()
export type Plan = z.infer<typeof planSchema>

export const isGroup = (c: Condition): c is { all: Condition[] } | { any: Condition[] } | { not: Condition } =>
  'all' in c || 'any' in c || 'not' in c

export const aggregateResultSchema = z.union([
  z.object({ op: z.literal('count'), column: z.null(), value: z.number() }),
  z.object({ op: z.literal('count_by'), column: z.string(), groups: z.array(z.object({ value: z.string(), count: z.number() })), otherGroups: z.number() }),
  z.object({ op: z.literal('count_distinct'), column: z.string(), value: z.number() }),
  /** `value` null when no value of the column reads as a number (or date, for min and max). */
  z.object({ op: z.enum(['sum', 'avg', 'min', 'max']), column: z.string(), value: z.union([z.number(), z.string(), z.null()]), skipped: z.number() }),
])
export type AggregateResult = z.infer<typeof aggregateResultSchema>

export const planRowSchema = z.object({ rowIndex: z.number().int(), values: z.record(z.string(), z.string()) })
export type PlanRow = z.infer<typeof planRowSchema>

/** `exactRows` (whole rows repeated) is counted only in a file with no identifying column; null otherwise. */
export const planDuplicatesSchema = z.object({
  exactRows: z.number().int().nullable(),
  columns: z.array(z.object({ column: z.string(), rows: z.number().int() })),
})
export type PlanDuplicates = z.infer<typeof planDuplicatesSchema>

/** What a plan computes. Columns in `rows` are keyed by column name, as the plan names them. */
export const planResultSchema = z.object({
  count: z.number().int(),
  /** The matching rows in the plan's order (row order without a sort), at most CHAT_PLAN.maxRowIndexes. */
  rowIndexes: z.array(z.number().int()),
  rowIndexesComplete: z.boolean(),
  /** The first `limit` rows (default CHAT_PLAN.defaultLimit) with their values. */
  rows: z.array(planRowSchema),
  aggregate: aggregateResultSchema.nullable(),
  /** One plain sentence per top-level condition. */
  criteria: z.array(z.string()),
  /** Rows in the file, and the count after each top-level condition in turn. */
  totalRows: z.number().int(),
  steps: z.array(z.object({ description: z.string(), count: z.number().int() })),
  /** Matched rows that repeat another matched row, by each identifying column that has repeats. */
  duplicates: planDuplicatesSchema,
})
export type PlanResult = z.infer<typeof planResultSchema>

export const runPlanSchema = z.object({ plan: planSchema })
export type RunPlanInput = z.infer<typeof runPlanSchema>
