import { CREDIT_COSTS } from '#common/constants'
import type { AiRunEstimate } from '#common/schemas/enrichment'

const n = (value: number) => value.toLocaleString('en-US')

/** Credits one cell costs (001 §9): 1, 2 with advanced web search. */
export function creditsPerCell(webSearch: boolean): number {
  return webSearch ? CREDIT_COSTS.webSearchEnrichment : CREDIT_COSTS.basicEnrichment
}

/** Credits a prompt test costs (001 §9): 1, 2 with advanced web search. */
export function promptTestCredits(webSearch: boolean): number {
  return webSearch ? CREDIT_COSTS.promptTestAdvanced : CREDIT_COSTS.promptTestSimple
}

export function formatCredits(credits: number): string {
  return `${n(credits)} credit${credits === 1 ? '' : 's'}`
}

/** 'under a minute', 'about 3 minutes', 'about 1 h 20 min'. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return 'under a minute'
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `about ${minutes} minute${minutes === 1 ? '' : 's'}`
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest === 0 ? `about ${hours} h` : `about ${hours} h ${rest} min`
}

/** The estimate's lines, as the pre-flight dialog shows them. */
export function describeEstimate(estimate: AiRunEstimate) {
  const cappedByBudget = estimate.budget !== null && estimate.cells < estimate.rows
  return {
    rows: n(estimate.rows),
    cells: cappedByBudget ? `${n(estimate.cells)} of ${n(estimate.rows)} (budget)` : n(estimate.cells),
    credits: estimate.ownKey ? 'None (your own API key)' : `${formatCredits(estimate.credits)} (${formatCredits(estimate.creditsPerCell)} per cell)`,
    balance: formatCredits(estimate.balance),
    duration: estimate.cells === 0 ? '—' : formatDuration(estimate.estimatedSeconds),
    isShort: !estimate.covered,
    shortBy: Math.max(0, estimate.credits - estimate.balance),
  }
}
