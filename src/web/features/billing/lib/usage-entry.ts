import type { CreditOperation, CreditTransaction } from '#common/schemas/billing'

const operationLabels: Record<CreditOperation, string> = {
  ai_enrichment_basic: 'AI enrichment',
  ai_enrichment_advanced: 'AI enrichment with web search',
  chat_query: 'Magic Chat',
  prompt_test: 'Prompt test',
  formula_suggest: 'Formula suggestion',
  http_source_call: 'HTTP API column',
  trial_grant: 'Free trial credits',
  monthly_reset: 'Monthly credit reset',
  refund: 'Refund',
}

const isAiRun = (operation: CreditOperation) => operation === 'ai_enrichment_basic' || operation === 'ai_enrichment_advanced' || operation === 'http_source_call'

/**
 * One usage history line: what it was, and for an AI run its cells charged and refunded ("AI
 * enrichment · 120 cells · 3 refunded"); a prompt test given back says so.
 */
export function describeUsageEntry(entry: Pick<CreditTransaction, 'operation' | 'cells' | 'refunded_cells'>) {
  const parts = [operationLabels[entry.operation] ?? entry.operation]
  if (isAiRun(entry.operation)) {
    parts.push(`${entry.cells.toLocaleString('en-US')} ${entry.cells === 1 ? 'cell' : 'cells'}`)
    if (entry.refunded_cells > 0) parts.push(`${entry.refunded_cells.toLocaleString('en-US')} refunded`)
  } else if (entry.refunded_cells > 0) parts.push('refunded')
  return parts.join(' · ')
}
