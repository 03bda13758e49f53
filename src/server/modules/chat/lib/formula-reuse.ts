import { topLevelConditions } from '#common/plan-text'
import type { Condition, Plan } from '#common/schemas/plans'

/**
 * A derived value a conversation needs again (issue 32): a formula the plan reads twice, or one
 * the previous answer's plan also read. The answer then offers to keep it as a formula column,
 * so the table shows it and later questions can name it.
 */

/** Formulas that differ only in spaces or letter case are the same value. */
const sameness = (formula: string) => formula.replace(/\s+/g, '').toLowerCase()

function conditionFormulas(condition: Condition): string[] {
  if ('all' in condition) return condition.all.flatMap(conditionFormulas)
  if ('any' in condition) return condition.any.flatMap(conditionFormulas)
  if ('not' in condition) return conditionFormulas(condition.not)
  return 'formula' in condition ? [condition.formula] : []
}

/** Every formula a plan reads, in the order it reads them (repeats kept). */
export function formulasOf(plan: Plan): string[] {
  const aggregate = plan.aggregate
  const inAggregate = !aggregate ? [] : [...('formula' in aggregate ? [aggregate.formula] : []), ...(aggregate.op === 'group_by' ? aggregate.measures.flatMap((m) => ('formula' in m ? [m.formula] : [])) : [])]
  return [...topLevelConditions(plan.where).flatMap(conditionFormulas), ...(plan.sort && 'formula' in plan.sort ? [plan.sort.formula] : []), ...inAggregate]
}

/** The formulas of `plan` worth saving as columns, each once, as first written; none a formula column already holds (`saved`). */
export function repeatedFormulas(plan: Plan | null, previous: Plan | null, saved: readonly string[] = []): string[] {
  if (!plan) return []
  const earlier = new Set((previous ? formulasOf(previous) : []).map(sameness))
  const kept = new Set(saved.map(sameness))
  const seen = new Map<string, { formula: string; times: number }>()
  for (const formula of formulasOf(plan)) {
    const entry = seen.get(sameness(formula)) ?? { formula, times: 0 }
    entry.times += 1
    seen.set(sameness(formula), entry)
  }
  return [...seen].filter(([key, entry]) => (entry.times > 1 || earlier.has(key)) && !kept.has(key)).map(([, entry]) => entry.formula)
}
