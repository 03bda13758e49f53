import { WATERFALL } from './constants.ts'
import { evaluateFormula } from './formula/evaluate.ts'
import { parseFormula, type FormulaColumn } from './formula/parse.ts'
import { todayKey } from './formula/values.ts'
import type { FormulaNode } from './schemas/formula.ts'

/**
 * A waterfall step's acceptance rule (decision 037): a formula in the formula language over the
 * step's answer, not the row. It reads two names: `{value}`, the step's value as text (as the
 * column would show it), and `{confidence}`, an AI step's confidence from 0 to 1 (empty for
 * HTTP and formula steps, and for a model that gave none). It must say yes or no; only yes accepts.
 * Examples: `NOT(IS_EMPTY({value}))`, `AND(CONTAINS({value}, "@"), CONTAINS(DOMAIN({value}), "."))`,
 * `AND(NUMBER({value}) >= 1, NUMBER({value}) <= 500)`, `{confidence} >= 0.8`.
 */

const RULE_COLUMNS: readonly FormulaColumn[] = [
  { key: WATERFALL.valueName, name: WATERFALL.valueName, type: 'text' },
  { key: WATERFALL.confidenceName, name: WATERFALL.confidenceName, type: 'number' },
]

export type ParsedRule = { ok: true; ast: FormulaNode } | { ok: false; problem: string; notYesNo: boolean }

export function parseAcceptRule(rule: string): ParsedRule {
  const parsed = parseFormula(rule, RULE_COLUMNS)
  if (!parsed.ok) return { ok: false, problem: parsed.error.message, notYesNo: false }
  if (parsed.type !== 'boolean') return { ok: false, problem: '', notYesNo: true }
  return { ok: true, ast: parsed.ast }
}

/** Whether the rule accepts this answer (an empty or unreadable result is a no). */
export function acceptsAnswer(ast: FormulaNode, answer: { value: string | null; confidence: number | null }): boolean {
  const cells = { [WATERFALL.valueName]: answer.value, [WATERFALL.confidenceName]: answer.confidence === null ? null : String(answer.confidence) }
  return evaluateFormula(ast, { cells, rowNumber: 1 }, { today: todayKey() }) === true
}
