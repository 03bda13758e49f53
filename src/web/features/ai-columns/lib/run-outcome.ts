import type { AppEventOf } from '#common/events'
import { AI_FIELD_MESSAGES } from '#common/messages'
import type { AiField } from '#common/schemas/enrichment'

/** A field as a progress event leaves it (the next read of the list brings the rest). */
export function withProgress(field: AiField, event: AppEventOf<'field.progress'>): AiField {
  return {
    ...field,
    status: event.status,
    processedRows: event.processedRows,
    totalRows: event.totalRows,
    counts: { ...field.counts, done: event.done, error: event.errors, no_credits: event.noCredits },
    run: field.run ? { ...field.run, creditsSpent: event.creditsSpent, stopReason: event.stopReason } : field.run,
  }
}

/**
 * What 'Enrichment completed' says of a run that ended: processed/total (001 §4), and why it
 * stopped early. A run the user cancelled has had its own toast: none (null).
 */
export function completionToast(field: Pick<AiField, 'processedRows' | 'totalRows' | 'counts' | 'run'>): string | null {
  const stopReason = field.run?.stopReason ?? null
  if (stopReason === 'cancelled') return null
  if (stopReason === 'budget') return `${AI_FIELD_MESSAGES.enrichmentCompletedBody(field.counts.done, field.totalRows)}. ${AI_FIELD_MESSAGES.budgetReached}`
  if (stopReason === 'no_credits') return `${AI_FIELD_MESSAGES.enrichmentCompletedBody(field.counts.done, field.totalRows)}. ${AI_FIELD_MESSAGES.insufficientCreditsCell}.`
  return AI_FIELD_MESSAGES.enrichmentCompletedBody(field.processedRows, field.totalRows)
}
