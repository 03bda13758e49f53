import { randomUUID } from 'node:crypto'
import { CHAT } from '#common/constants'
import { CHAT_MESSAGES } from '#common/messages'
import type { ChatResult, MatchingLead } from '#common/schemas/chat'
import { subjectLabel, type Plan, type PlanResult } from '#common/schemas/plans'
import type { ComputedFigures, TopRows } from './chat-prompts.ts'

/** A chat answer built from a computed plan: its count, sample leads, criteria and reasoning chain. */

const LABEL_COLUMNS = [/^(full[ _]?)?name$/i, /name/i, /^company$/i, /company|organi[sz]ation|business|account/i]

export function leadsOf(result: PlanResult, columnNames: string[], max: number = CHAT.maxSampleLeads): MatchingLead[] {
  const labelColumn = LABEL_COLUMNS.map((pattern) => columnNames.find((name) => pattern.test(name))).find(Boolean)
  return result.rows.slice(0, max).map((row) => {
    const label = labelColumn ? (row.values[labelColumn] ?? '').trim() : ''
    const fields = columnNames
      .filter((name) => (row.values[name] ?? '').trim() !== '')
      .slice(0, CHAT.maxLeadFields)
      .map((name) => ({ name, value: row.values[name]! }))
    return { rowIndex: row.rowIndex, label: label || CHAT_MESSAGES.rowLabel(row.rowIndex + 1), fields }
  })
}

/** A plan with a limit and no aggregate answers with its first N rows (a 'top 5'), when fewer than all that match. */
function topOf(plan: Plan, result: PlanResult): TopRows | null {
  if (!plan.limit || plan.limit >= result.count || (plan.aggregate && plan.aggregate.op !== 'count')) return null
  return { n: plan.limit, column: plan.sort ? subjectLabel(plan.sort) : null, direction: plan.sort?.direction ?? 'asc' }
}

export function figuresOf(query: string, plan: Plan, result: PlanResult): ComputedFigures {
  return { question: query, count: result.count, totalRows: result.totalRows, criteria: result.criteria, aggregate: result.aggregate, top: topOf(plan, result) }
}

export function buildResult({
  query,
  plan,
  computed,
  columnNames,
  summary,
  reasoning,
  confidence,
  method,
}: {
  query: string
  plan: Plan
  computed: PlanResult
  columnNames: string[]
  summary: string
  reasoning: string
  confidence: number
  method: ChatResult['method']
}): ChatResult {
  const isAggregate = computed.aggregate !== null && computed.aggregate.op !== 'count'
  // A top N is its N rows: counted, listed and shown as N (the matching rows are the step before).
  const top = topOf(plan, computed)
  const topStep = top ? [{ step: computed.steps.length + 1, description: CHAT_MESSAGES.topStep(top.n, top.column, top.direction), result: top.n }] : []
  return {
    id: randomUUID(),
    query,
    result_type: isAggregate ? 'aggregate' : 'lead_identification',
    method,
    timestamp: new Date().toISOString(),
    plan,
    data: {
      count: top?.n ?? computed.count,
      total_rows: computed.totalRows,
      summary,
      matching_leads: top ? leadsOf(computed, columnNames, Math.min(top.n, CHAT.maxTopLeads)) : leadsOf(computed, columnNames),
      filter_criteria: computed.criteria,
      reasoning,
      reasoning_chain: [...computed.steps.map((step, i) => ({ step: i + 1, description: step.description, result: step.count })), ...topStep],
      confidence,
      all_matching_row_ids: top ? computed.rowIndexes.slice(0, top.n) : computed.rowIndexes,
      aggregate: computed.aggregate,
      duplicates: computed.duplicates,
      top: top ? { ...top, matching: computed.count } : null,
    },
    judgment: null,
  }
}
