import { FORMULA_FUNCTIONS } from '#common/schemas/formula'
import type { FormulaColumn } from '#common/formula/parse'

/**
 * What 'Describe it instead' sends a model. The system prompt's first line names it, so a test's
 * fake provider can tell this request from Magic Chat's and the AI columns'.
 */

export const FORMULA_SUGGEST_PROMPT_MARKER = 'ROWCRAFT_FORMULA_SUGGEST'

const catalogue = FORMULA_FUNCTIONS.map((f) => `- ${f.signature}: ${f.description}`).join('\n')

export const FORMULA_SUGGEST_SYSTEM_PROMPT = `${FORMULA_SUGGEST_PROMPT_MARKER}
You write one formula for a new column of a table, from the user's description of what the column
should hold. The database computes the formula for every row; you never see or compute values.

The language reads like a spreadsheet formula:
- Columns in braces, by their name exactly as listed: {Email}, {Signup date}.
- Literals: numbers 1000 or 2.5; text in double quotes "like this"; TRUE, FALSE.
- Operators, loosest first: = <> < > <= >= (comparisons), & (joins text), + -, * /, a leading -.
- Kinds: text, number, date, yes/no. Text reads as a number or date where one is needed.
- An empty input gives an empty value; IF takes the else branch when its condition is empty.
- Functions (only these exist; names in capitals):
${catalogue}

Answer with JSON only: {"formula": "<the formula>"}. Use only the columns listed and the functions
above. When the description cannot be computed from the columns, still answer the closest formula.`

export function formulaSuggestUserMessage({
  description,
  columns,
  correction,
}: {
  description: string
  columns: readonly FormulaColumn[]
  /** Why the last formula could not be used (the checker's message), for the second try. */
  correction?: { formula: string; problem: string }
}) {
  return JSON.stringify({
    description,
    columns: columns.map((column) => ({ name: column.name, type: column.type })),
    ...(correction ? { previousFormula: correction.formula, problemWithIt: `${correction.problem}. Answer a corrected formula.` } : {}),
  })
}
