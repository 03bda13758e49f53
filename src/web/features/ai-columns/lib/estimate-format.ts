import { CREDIT_COSTS } from '#common/constants'
import { AI_COLUMN_MESSAGES } from '#common/messages'
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
  const { timing } = estimate
  const seconds = timing.secondsPerCall.toLocaleString('en-US', { maximumFractionDigits: timing.secondsPerCall < 10 ? 1 : 0 })
  const model = estimate.model ?? 'this model'
  return {
    rows: n(estimate.rows),
    cells: cappedByBudget ? `${n(estimate.cells)} of ${n(estimate.rows)} (budget)` : n(estimate.cells),
    /** Said when identical inputs make the run cheaper than one call per cell. */
    distinctInputs: estimate.calls < estimate.cells ? AI_COLUMN_MESSAGES.distinctInputs(n(estimate.calls)) : null,
    credits: estimate.ownKey ? 'None (your own API key)' : `${formatCredits(estimate.credits)} (${formatCredits(estimate.creditsPerCell)} per cell)`,
    balance: formatCredits(estimate.balance),
    duration: estimate.cells === 0 ? '—' : formatDuration(estimate.estimatedSeconds),
    durationBasis:
      estimate.cells === 0
        ? null
        : timing.basis === 'history'
          ? AI_COLUMN_MESSAGES.timingFromHistory(n(timing.sampleCalls), model, seconds, timing.concurrency)
          : AI_COLUMN_MESSAGES.timingAssumed(model, seconds, timing.concurrency),
    isShort: !estimate.covered,
    shortBy: Math.max(0, estimate.credits - estimate.balance),
  }
}
