import { z } from 'zod'
import { CHAT_PLAN } from '../constants.ts'
import { REQUEST_MESSAGES } from '../messages.ts'
import { FORMULA_LIMITS } from './formula.ts'

/**
 * A query plan over one upload's rows (issue 22): the public contract of
 * `POST /api/uploads/:id/chat/plan` and what Magic Chat's model answers with. Columns are named as
 * the user sees them (case-insensitive); the server resolves them, compiles the plan to SQL over
 * every row and computes the answer. Nothing in a plan is SQL.
 *
 * Wherever a plan names a column (a condition, the sort, an aggregate) it may give a formula
 * instead (issue 32): `{ "formula": "NUMBER({Revenue}) / NUMBER({Employees})" }`, in the language of
 * formula columns, checked against the upload's columns and computed by the database.
 */

const columnName = z.string().trim().min(1, 'Name a column.').max(200)
const formulaText = z.string().trim().min(1, 'Write a formula.').max(FORMULA_LIMITS.maxLength)
/**
 * A value a condition compares with: text, or a JSON number or boolean (`"value": 4000`), read as
 * the text it is written as ("4000", "true") and compared by the same rules.
 */
const operandScalar = (text: z.ZodString) => z.union([text, z.number(), z.boolean()]).transform((value) => String(value))
const operand = operandScalar(z.string().max(500))

/** What a condition, the sort or an aggregate reads: a column by name, or a formula. */
export type Subject = { column: string } | { formula: string }
const columnSubject = { column: columnName }
const formulaSubject = { formula: formulaText.describe('A formula (the language of formula columns), computed for each row by the database.') }

/** How a subject is written in an answer: the column's name, or the formula as written. */
export const subjectLabel = (subject: Subject): string => ('column' in subject ? subject.column : subject.formula)

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

/**
 * Text compares ignoring case and accents unless `caseSensitive` (issue 44: "Hacendado" and
 * "hacendado" as two brands): then as written, case and accents counting (outer spaces still
 * ignored). Numbers and dates compare as before.
 */
const caseSensitive = z.boolean().optional().describe('Compare text as written: case and accents count.')
const valueConditionShape = { op: valueOperatorSchema, value: operand.optional(), caseSensitive }
const hasValue = (c: { op: ValueOperator; value?: string }) => VALUELESS_PLAN_OPERATORS.includes(c.op) || (c.value ?? '').trim() !== ''
const needsValue = () => ({ message: 'Give a value to compare with.', path: ['value'] })
const valueConditionBranches = [
  z.object({ ...columnSubject, ...valueConditionShape }).strict().refine(hasValue, needsValue()),
  z.object({ ...formulaSubject, ...valueConditionShape }).strict().refine(hasValue, needsValue()),
] as const
const listConditionShape = { op: listOperatorSchema, values: z.array(operand).min(1, 'Give at least one value.').max(CHAT_PLAN.maxListValues), caseSensitive }
const listConditionBranches = [z.object({ ...columnSubject, ...listConditionShape }).strict(), z.object({ ...formulaSubject, ...listConditionShape }).strict()] as const
const betweenConditionShape = { op: z.literal('between'), values: z.tuple([operand, operand]) }
const betweenConditionBranches = [z.object({ ...columnSubject, ...betweenConditionShape }).strict(), z.object({ ...formulaSubject, ...betweenConditionShape }).strict()] as const

export const valueConditionSchema = z.union(valueConditionBranches)
export const listConditionSchema = z.union(listConditionBranches)
export const betweenConditionSchema = z.union(betweenConditionBranches)

export type ValueCondition = z.infer<typeof valueConditionSchema>
/**
 * A row against its column (issue 44): a row's value compared with a figure over every row of the
 * file ("above the average salary", "the most expensive": equals the max), computed once per plan
 * before the conditions run. A figure that is empty (no number) matches no row.
 */
export type FigureCondition = Subject & { op: AggregateCompare['op']; figure: PlanFigure }
export type ListCondition = z.infer<typeof listConditionSchema>
export type BetweenCondition = z.infer<typeof betweenConditionSchema>
/** A condition on one column or formula (not a group). */
export type ColumnCondition = ValueCondition | ListCondition | BetweenCondition | FigureCondition
export type Condition = { all: Condition[] } | { any: Condition[] } | { not: Condition } | ColumnCondition

const nestedConditionSchema: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    z.object({ all: z.array(nestedConditionSchema).max(CHAT_PLAN.maxConditions) }).strict(),
    z.object({ any: z.array(nestedConditionSchema).min(1).max(CHAT_PLAN.maxConditions) }).strict(),
    z.object({ not: nestedConditionSchema }).strict(),
    ...valueConditionBranches,
    ...listConditionBranches,
    ...betweenConditionBranches,
    ...figureConditionBranches(),
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
  let formulas = 0
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!
    if (typeof node !== 'object' || node === null) continue
    const children = 'all' in node ? node.all : 'any' in node ? node.any : 'not' in node ? [node.not] : null
    if (children === null) {
      conditions += 1
      if (conditions > CHAT_PLAN.maxConditionsInAll) return REQUEST_MESSAGES.tooManyConditions(CHAT_PLAN.maxConditionsInAll)
      if ('formula' in node) formulas += 1
      if (formulas > CHAT_PLAN.maxFormulas) return REQUEST_MESSAGES.tooManyFormulas(CHAT_PLAN.maxFormulas)
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

/** A yes/no question about one figure: is it above, below, equal to a value? */
export const compareOperatorSchema = z.enum(['equals', 'not_equals', 'greater_than', 'less_than', 'at_least', 'at_most'])
export const aggregateCompareSchema = z
  .object({ op: compareOperatorSchema, value: operandScalar(z.string().trim().min(1, 'Give a value to compare with.').max(500)) })
  .strict()
  .describe('Makes the answer a yes or no: whether the figure compares so with the value.')
export type AggregateCompare = z.infer<typeof aggregateCompareSchema>

/** `median` is the 0.5 percentile: the middle value, or halfway between the two middle ones. */
export const measureOpSchema = z.enum(['count_distinct', 'sum', 'avg', 'min', 'max', 'median'])
export type MeasureOp = z.infer<typeof measureOpSchema>

/**
 * The value below which `fraction` of the values lie, interpolated between the two values around
 * it (PostgreSQL's percentile_cont, pandas' quantile): 0.9 is the 90th percentile, 0 the minimum,
 * 1 the maximum.
 */
const percentileShape = {
  op: z.literal('percentile'),
  fraction: z.number().min(0, 'A percentile is a fraction from 0 to 1 (0.9 for the 90th).').max(1, 'A percentile is a fraction from 0 to 1 (0.9 for the 90th).'),
}

/**
 * Figures over figures (issue 44): a measure may be named, for an expression to read it as
 * `{Name}`, and may count only the rows that also match a condition of its own (`where`): "the
 * share of smokers" is a count with `where` over a count.
 */
const measureNaming = {
  name: z
    .string()
    .trim()
    .min(1, 'Name the measure, or leave the name out.')
    .max(100)
    .refine((name) => !name.includes('{') && !name.includes('}'), 'A measure\'s name has no braces: an expression writes it in them.')
    .optional()
    .describe('What an expression calls this measure: {Name}.'),
  where: conditionSchema.optional().describe('Only the rows that also match this condition count in this measure.'),
}

/** A figure of each group of a `group_by` (or of an expression): its rows, or a measure of a column or formula. */
export const groupMeasureSchema = z.union([
  z.object({ op: z.literal('count'), ...measureNaming }).strict(),
  z.object({ op: measureOpSchema, ...columnSubject, ...measureNaming }).strict(),
  z.object({ op: measureOpSchema, ...formulaSubject, ...measureNaming }).strict(),
  z.object({ ...percentileShape, ...columnSubject, ...measureNaming }).strict(),
  z.object({ ...percentileShape, ...formulaSubject, ...measureNaming }).strict(),
])
export type GroupMeasure = z.infer<typeof groupMeasureSchema>

/** A figure over every row a condition compares a row's value with. */
export const planFigureSchema = z.union([
  z.object({ op: z.enum(['sum', 'avg', 'min', 'max', 'median']), ...columnSubject }).strict(),
  z.object({ op: z.enum(['sum', 'avg', 'min', 'max', 'median']), ...formulaSubject }).strict(),
  z.object({ ...percentileShape, ...columnSubject }).strict(),
  z.object({ ...percentileShape, ...formulaSubject }).strict(),
])
export type PlanFigure = z.infer<typeof planFigureSchema>
function figureConditionBranches() {
  const shape = { op: compareOperatorSchema, figure: planFigureSchema }
  return [z.object({ ...columnSubject, ...shape }).strict(), z.object({ ...formulaSubject, ...shape }).strict()] as const
}

const groupsLimit = z.number().int().min(1).max(CHAT_PLAN.maxGroups).optional()
const measuresList = z.array(groupMeasureSchema).min(1, 'Give at least one measure.').max(CHAT_PLAN.maxMeasures)
/**
 * An expression over the named measures (issue 44), in the formula language: `{Oldest} - {Youngest}`,
 * `{Smokers} / {People}`, computed by the database from the measures it computed (per group in a
 * group_by). An empty measure, or a division by zero, leaves it empty.
 */
const expressionText = z
  .string()
  .trim()
  .min(1, 'Write an expression over the measures.')
  .max(FORMULA_LIMITS.maxLength)
  .describe('An expression in the formula language over the named measures: {Name} reads the measure of that name.')
const groupByShape = {
  op: z.literal('group_by'),
  measures: measuresList,
  /** Each group's figure over its measures; the groups are then ordered by it. */
  expression: expressionText.optional(),
  limit: groupsLimit,
  /** Groups are ordered by the expression, or else the first measure, largest first ('desc', the default) or smallest first. */
  direction: z.enum(['asc', 'desc']).optional(),
}

export const aggregateSchema = z.union([
  z.object({ op: z.literal('count'), compare: aggregateCompareSchema.optional() }).strict(),
  z.object({ op: z.literal('exists') }).strict(),
  z.object({ op: z.literal('count_by'), ...columnSubject, limit: groupsLimit }).strict(),
  z.object({ op: z.literal('count_by'), ...formulaSubject, limit: groupsLimit }).strict(),
  z.object({ op: measureOpSchema, ...columnSubject, compare: aggregateCompareSchema.optional() }).strict(),
  z.object({ op: measureOpSchema, ...formulaSubject, compare: aggregateCompareSchema.optional() }).strict(),
  z.object({ ...percentileShape, ...columnSubject, compare: aggregateCompareSchema.optional() }).strict(),
  z.object({ ...percentileShape, ...formulaSubject, compare: aggregateCompareSchema.optional() }).strict(),
  z.object({ ...columnSubject, ...groupByShape }).strict(),
  z.object({ ...formulaSubject, ...groupByShape }).strict(),
  /** One figure over several: the expression over the named measures of the matched rows. */
  z.object({ op: z.literal('expression'), expression: expressionText, measures: measuresList }).strict(),
])
export type Aggregate = z.infer<typeof aggregateSchema>
export type AggregateOp = Aggregate['op']

const sortDirection = z.enum(['asc', 'desc'])
export const planSortSchema = z.union([
  z.object({ ...columnSubject, direction: sortDirection }).strict(),
  z.object({ ...formulaSubject, direction: sortDirection }).strict(),
])
export type PlanSort = z.infer<typeof planSortSchema>

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

const figure = z.union([z.number(), z.string(), z.null()])
/** A figure compared with a value: `answer` is yes (true) or no; an empty figure (no number to compare) is no. */
const answered = { compare: aggregateCompareSchema.optional(), answer: z.boolean().optional() }

/** A measure as asked: its op, the column or formula it reads (null for count), a percentile's fraction, its name. */
const measureAsked = z.object({ op: z.enum(['count', ...measureOpSchema.options, 'percentile']), column: z.string().nullable(), fraction: z.number().optional(), name: z.string().optional() })

/** `column`: the column's name, or the formula as written. */
export const aggregateResultSchema = z.union([
  z.object({ op: z.literal('count'), column: z.null(), value: z.number(), ...answered }),
  /** Yes when some row matches; `value` is how many do. */
  z.object({ op: z.literal('exists'), column: z.null(), value: z.number(), answer: z.boolean() }),
  /** With `limit: 1`, the one group (`group`) and its rows (`value`) headline the answer, beside `groups`. */
  z.object({ op: z.literal('count_by'), column: z.string(), group: z.string().optional(), value: z.number().optional(), groups: z.array(z.object({ value: z.string(), count: z.number() })), otherGroups: z.number() }),
  z.object({ op: z.literal('count_distinct'), column: z.string(), value: z.number(), ...answered }),
  /** `value` null when no value of the column reads as a number (or date, for min and max); `fraction` of a percentile. */
  z.object({ op: z.enum(['sum', 'avg', 'min', 'max', 'median', 'percentile']), column: z.string(), fraction: z.number().optional(), value: figure, skipped: z.number(), ...answered }),
  z.object({
    op: z.literal('group_by'),
    column: z.string(),
    /** With `limit: 1`, the one group (`group`) and its expression (else its first measure, `value`) headline the answer, beside `groups`. */
    group: z.string().optional(),
    value: figure.optional(),
    /** The measures as asked, each with the column or formula it reads (null for count), and its name when it has one. */
    measures: z.array(measureAsked),
    /** The expression as written, when the plan gave one: each group's `expression` is its value, and the groups are ordered by it. */
    expression: z.string().optional(),
    /** Each group's rows (`count`) and its measures in the order asked; `skipped`: its values that are not numbers. */
    groups: z.array(z.object({ value: z.string(), count: z.number(), measures: z.array(z.object({ value: figure, skipped: z.number() })), expression: figure.optional() })),
    otherGroups: z.number(),
  }),
  /**
   * An expression over measures: `column` is the expression as written, `value` its value (a
   * number; a date, text or yes/no as a formula column writes it: 2024-03-31, true), `answer` yes
   * or no for a yes/no expression, and each measure with its figure.
   */
  z.object({
    op: z.literal('expression'),
    column: z.string(),
    value: figure,
    answer: z.boolean().optional(),
    measures: z.array(measureAsked.extend({ value: figure, skipped: z.number() })),
  }),
])
export type AggregateResult = z.infer<typeof aggregateResultSchema>

export const planRowSchema = z.object({ rowIndex: z.number().int(), values: z.record(z.string(), z.string()) })
export type PlanRow = z.infer<typeof planRowSchema>

/**
 * The matched rows that repeat another matched record, by the quality report's and 'Remove
 * duplicates'' one rule (issue 44): `records` by the identity columns together (id, e-mail), or
 * whole rows when the file has none (`columns` empty); `columns` the repeats in each identity
 * column alone. A website or domain several rows share is not counted: colleagues share it.
 * `exactRows` (whole rows repeated) is counted only in a file with no identity column; null
 * otherwise. Answers stored before issue 44 have no `records`.
 */
export const planDuplicatesSchema = z.object({
  exactRows: z.number().int().nullable(),
  columns: z.array(z.object({ column: z.string(), rows: z.number().int() })),
  records: z.object({ columns: z.array(z.string()), rows: z.number().int() }).optional(),
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
