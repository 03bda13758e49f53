import { z } from 'zod'

/**
 * The formula language (issue 32): a formula's checked syntax tree and the catalogue of its
 * functions. A formula is stored as the text the user wrote (`{Column Name}` references) and parsed
 * again against the upload's columns where it is used (`#common/formula/parse`), so a renamed column
 * keeps its formulas working; the tree names columns by their stable key. Row storage compiles the
 * tree to SQL (`row-storage/formula-sql.ts`); `#common/formula/evaluate` is the reference the SQL is
 * tested against. Nothing in a tree is SQL.
 */

/** Bounds checked before anything recursive reads a formula. */
/** `maxColumnReads`: how many formula columns' formulas one formula may read in, counting repeats. */
export const FORMULA_LIMITS = { maxLength: 2000, maxDepth: 32, maxColumnReads: 50 } as const

/** What a value is. Every value may also be empty. A date is a calendar day, carried as yyyymmdd. */
export const valueKindSchema = z.enum(['text', 'number', 'date', 'boolean'])
export type ValueKind = z.infer<typeof valueKindSchema>

export const binaryOperatorSchema = z.enum(['+', '-', '*', '/', '&', '=', '<>', '<', '>', '<=', '>='])
export type BinaryOperator = z.infer<typeof binaryOperatorSchema>
export const COMPARISON_OPERATORS: readonly BinaryOperator[] = ['=', '<>', '<', '>', '<=', '>=']

export const functionNameSchema = z.enum([
  'IF',
  'SWITCH',
  'AND',
  'OR',
  'NOT',
  'IS_EMPTY',
  'FIRST_NON_EMPTY',
  'LOWER',
  'UPPER',
  'TRIM',
  'LEN',
  'LEFT',
  'RIGHT',
  'MID',
  'REPLACE',
  'CONCAT',
  'CONTAINS',
  'STARTS_WITH',
  'ENDS_WITH',
  'EXACT',
  'SPLIT',
  'DOMAIN',
  'ITEMS',
  'NUMBER',
  'ROUND',
  'ABS',
  'MIN',
  'MAX',
  'DATE',
  'YEAR',
  'MONTH',
  'DAY',
  'DAYS_BETWEEN',
  'TODAY',
  'BUCKET',
  'ROW',
])
export type FunctionName = z.infer<typeof functionNameSchema>

/** `at`: where the node starts in the formula's text (0-based), for messages and the editor. */
const at = z.number().int().min(0)

export const formulaLiteralSchema = z.object({
  node: z.literal('literal'),
  type: z.enum(['text', 'number', 'boolean']),
  value: z.union([z.string(), z.number(), z.boolean()]),
  at,
})

/** A column's cell, read as the column's type (a number column's `1,200` is the number 1200). */
export const formulaColumnSchema = z.object({ node: z.literal('column'), key: z.string(), type: valueKindSchema, at })

export type FormulaNode =
  | z.infer<typeof formulaLiteralSchema>
  | z.infer<typeof formulaColumnSchema>
  | { node: 'call'; name: FunctionName; args: FormulaNode[]; type: ValueKind; at: number }
  | { node: 'binary'; op: BinaryOperator; left: FormulaNode; right: FormulaNode; type: ValueKind; at: number }
  | { node: 'unary'; op: '-'; operand: FormulaNode; type: 'number'; at: number }

export const formulaNodeSchema: z.ZodType<FormulaNode> = z.lazy(() =>
  z.discriminatedUnion('node', [
    formulaLiteralSchema,
    formulaColumnSchema,
    z.object({ node: z.literal('call'), name: functionNameSchema, args: z.array(formulaNodeSchema), type: valueKindSchema, at }),
    z.object({ node: z.literal('binary'), op: binaryOperatorSchema, left: formulaNodeSchema, right: formulaNodeSchema, type: valueKindSchema, at }),
    z.object({ node: z.literal('unary'), op: z.literal('-'), operand: formulaNodeSchema, type: z.literal('number'), at }),
  ]),
)

/**
 * What an argument takes. A text argument takes any value (written as text); a number, date or
 * yes/no argument also takes text, read as plans read cells (`1,200`, `$40`, `12%`; the date
 * formats plans read; true/yes/false/no). `any` keeps the value's own kind.
 */
export const argumentKindSchema = z.enum(['text', 'number', 'date', 'boolean', 'any', 'number_or_date'])
export type ArgumentKind = z.infer<typeof argumentKindSchema>

/**
 * A function as the editor suggests it and the checker reads it: `args` are the kinds of the
 * leading arguments, `rest` the kind of each further one (a function that takes any number);
 * `result` is a kind, or `same` (the kind its value arguments share, else text).
 */
export const formulaFunctionSchema = z.object({
  name: functionNameSchema,
  signature: z.string(),
  description: z.string(),
  args: z.array(argumentKindSchema),
  minArgs: z.number().int(),
  rest: argumentKindSchema.optional(),
  result: z.union([valueKindSchema, z.literal('same')]),
})
export type FormulaFunction = z.infer<typeof formulaFunctionSchema>

const fn = (f: FormulaFunction) => f

export const FORMULA_FUNCTIONS: readonly FormulaFunction[] = [
  fn({ name: 'IF', signature: 'IF(condition, then, else?)', description: 'then when the condition holds, else otherwise (empty without one).', args: ['boolean', 'any', 'any'], minArgs: 2, result: 'same' }),
  fn({ name: 'SWITCH', signature: 'SWITCH(value, match1, result1, ..., default?)', description: 'The result of the first match equal to the value (text compared as plans compare it), else the default.', args: ['any', 'any', 'any'], minArgs: 3, rest: 'any', result: 'same' }),
  fn({ name: 'AND', signature: 'AND(a, b, ...)', description: 'Yes when every argument is yes.', args: ['boolean', 'boolean'], minArgs: 1, rest: 'boolean', result: 'boolean' }),
  fn({ name: 'OR', signature: 'OR(a, b, ...)', description: 'Yes when any argument is yes.', args: ['boolean', 'boolean'], minArgs: 1, rest: 'boolean', result: 'boolean' }),
  fn({ name: 'NOT', signature: 'NOT(a)', description: 'Yes when a is no.', args: ['boolean'], minArgs: 1, result: 'boolean' }),
  fn({ name: 'IS_EMPTY', signature: 'IS_EMPTY(value)', description: 'Yes when the value is empty or only spaces.', args: ['any'], minArgs: 1, result: 'boolean' }),
  fn({ name: 'FIRST_NON_EMPTY', signature: 'FIRST_NON_EMPTY(a, b, ...)', description: 'The first argument that is not empty.', args: ['any', 'any'], minArgs: 1, rest: 'any', result: 'same' }),
  fn({ name: 'LOWER', signature: 'LOWER(text)', description: 'The text in lower case.', args: ['text'], minArgs: 1, result: 'text' }),
  fn({ name: 'UPPER', signature: 'UPPER(text)', description: 'The text in upper case.', args: ['text'], minArgs: 1, result: 'text' }),
  fn({ name: 'TRIM', signature: 'TRIM(text)', description: 'The text without spaces around it.', args: ['text'], minArgs: 1, result: 'text' }),
  fn({ name: 'LEN', signature: 'LEN(text)', description: 'How many characters the text has.', args: ['text'], minArgs: 1, result: 'number' }),
  fn({ name: 'LEFT', signature: 'LEFT(text, count)', description: 'The first count characters.', args: ['text', 'number'], minArgs: 2, result: 'text' }),
  fn({ name: 'RIGHT', signature: 'RIGHT(text, count)', description: 'The last count characters.', args: ['text', 'number'], minArgs: 2, result: 'text' }),
  fn({ name: 'MID', signature: 'MID(text, start, count)', description: 'count characters from position start (the first is 1).', args: ['text', 'number', 'number'], minArgs: 3, result: 'text' }),
  fn({ name: 'REPLACE', signature: 'REPLACE(text, search, replacement)', description: 'The text with every search (exact case) replaced.', args: ['text', 'text', 'text'], minArgs: 3, result: 'text' }),
  fn({ name: 'CONCAT', signature: 'CONCAT(a, b, ...)', description: 'The texts joined; empty ones add nothing.', args: ['text', 'text'], minArgs: 1, rest: 'text', result: 'text' }),
  fn({ name: 'CONTAINS', signature: 'CONTAINS(text, part)', description: 'Yes when the text contains the part (case, accents and outer spaces ignored).', args: ['text', 'text'], minArgs: 2, result: 'boolean' }),
  fn({ name: 'STARTS_WITH', signature: 'STARTS_WITH(text, start)', description: 'Yes when the text starts with it (case, accents and outer spaces ignored).', args: ['text', 'text'], minArgs: 2, result: 'boolean' }),
  fn({ name: 'ENDS_WITH', signature: 'ENDS_WITH(text, end)', description: 'Yes when the text ends with it (case, accents and outer spaces ignored).', args: ['text', 'text'], minArgs: 2, result: 'boolean' }),
  fn({ name: 'EXACT', signature: 'EXACT(a, b)', description: 'Yes when the two texts are the same as written: case and accents count (outer spaces of a cell do not; two empty values are the same).', args: ['text', 'text'], minArgs: 2, result: 'boolean' }),
  fn({ name: 'SPLIT', signature: 'SPLIT(text, separator, n)', description: 'The n-th part (from 1; -1 is the last), without spaces around it.', args: ['text', 'text', 'number'], minArgs: 3, result: 'text' }),
  fn({ name: 'DOMAIN', signature: 'DOMAIN(email_or_url)', description: 'The host of an e-mail address or URL, in lower case, without www.', args: ['text'], minArgs: 1, result: 'text' }),
  fn({ name: 'ITEMS', signature: 'ITEMS(list, separator?)', description: 'A list cell\'s items (brackets and quotes stripped; split at , and ; unless a separator is given), joined with ", ".', args: ['text', 'text'], minArgs: 1, result: 'text' }),
  fn({ name: 'NUMBER', signature: 'NUMBER(value)', description: 'The value read as a number (1,200, $40 and 12% read as 1200, 40 and 12); empty when it is not one.', args: ['number'], minArgs: 1, result: 'number' }),
  fn({ name: 'ROUND', signature: 'ROUND(number, digits?)', description: 'Rounded to digits decimals (0 without; halves away from zero).', args: ['number', 'number'], minArgs: 1, result: 'number' }),
  fn({ name: 'ABS', signature: 'ABS(number)', description: 'The number without its sign.', args: ['number'], minArgs: 1, result: 'number' }),
  fn({ name: 'MIN', signature: 'MIN(a, b, ...)', description: 'The smallest of the numbers (or dates); empty ones are left out.', args: ['number_or_date'], minArgs: 1, rest: 'number_or_date', result: 'same' }),
  fn({ name: 'MAX', signature: 'MAX(a, b, ...)', description: 'The largest of the numbers (or dates); empty ones are left out.', args: ['number_or_date'], minArgs: 1, rest: 'number_or_date', result: 'same' }),
  fn({ name: 'DATE', signature: 'DATE(value)', description: 'The value read as a date (the formats plans read, in the column\'s day/month order).', args: ['date'], minArgs: 1, result: 'date' }),
  fn({ name: 'YEAR', signature: 'YEAR(date)', description: 'The date\'s year.', args: ['date'], minArgs: 1, result: 'number' }),
  fn({ name: 'MONTH', signature: 'MONTH(date)', description: 'The date\'s month, 1 to 12.', args: ['date'], minArgs: 1, result: 'number' }),
  fn({ name: 'DAY', signature: 'DAY(date)', description: 'The date\'s day of the month.', args: ['date'], minArgs: 1, result: 'number' }),
  fn({ name: 'DAYS_BETWEEN', signature: 'DAYS_BETWEEN(from, to)', description: 'Days from the first date to the second (negative when the second is earlier).', args: ['date', 'date'], minArgs: 2, result: 'number' }),
  fn({ name: 'TODAY', signature: 'TODAY()', description: 'Today\'s date (UTC).', args: [], minArgs: 0, result: 'date' }),
  fn({ name: 'BUCKET', signature: 'BUCKET(number, bound1, bound2, ...)', description: 'The range the number falls in: "< bound1", "bound1-bound2", ..., ">= last bound" (bounds are increasing numbers).', args: ['number', 'number'], minArgs: 2, rest: 'number', result: 'text' }),
  fn({ name: 'ROW', signature: 'ROW()', description: 'The row\'s number in the file, from 1.', args: [], minArgs: 0, result: 'number' }),
]

export const FORMULA_FUNCTION_BY_NAME: ReadonlyMap<string, FormulaFunction> = new Map(FORMULA_FUNCTIONS.map((f) => [f.name, f]))

/** The most arguments a function takes (Infinity when it takes any number). */
export const maxArgsOf = (f: FormulaFunction) => (f.rest ? Number.POSITIVE_INFINITY : f.args.length)
