import type { AiFieldRow } from '#server/db/schema/index'
import { resolveAiCredentials } from '#server/modules/ai/ai-credentials'
import { readSecretValues } from '#server/modules/secrets/secrets.service'
import { findReferences } from '#server/modules/sources/http-template'
import { inputColumnsOf } from '../ai-fields.service.ts'
import { loadFieldExamples } from '../field-examples.ts'
import { AiSource } from './ai-source.ts'
import type { CellSource } from './cell-source.ts'
import { HttpCellSource } from './http-source.ts'
import { payForCells } from './payment.ts'
import { waterfallStepRunners, WaterfallSource, type StepPayment } from './waterfall-source.ts'

/**
 * The source a field's run calls: its HTTP request (with the secrets it names, read now), its
 * waterfall of steps, or its prompt (with the credentials that pay for it). Throws an AppError
 * the run's cells end with when it cannot be called (no provider, a secret removed).
 */
export async function sourceOf(field: AiFieldRow): Promise<CellSource> {
  const inputs = await inputColumnsOf(field)
  if (field.source?.kind === 'waterfall') {
    const runners = await waterfallStepRunners({ field, steps: field.source.steps })
    return new WaterfallSource(runners, inputs.map((c) => c.key), payStep(field))
  }
  if (field.source) {
    const secrets = await readSecretValues(field.userId, findReferences(field.source.request).secrets)
    return new HttpCellSource(field, field.source, inputs, secrets)
  }
  const credentials = await resolveAiCredentials({ userId: field.userId, webSearch: field.webSearch })
  // The user's corrections of this column, sent as examples with the prompt (decision 038).
  return new AiSource(field, credentials, inputs, await loadFieldExamples(field.id))
}

/**
 * A waterfall step's payment: the run's own path (budget or monthly cap, then the ledger, which
 * asks the payment gate), for one cell and one step, keyed by both: a step called again after a
 * crash is not charged again.
 */
function payStep(field: AiFieldRow): StepPayment {
  return async (cell, step, source) => {
    const payment = await payForCells(field, source.perCell, [cell], source.operation, step)
    if (payment.blocked) return 'blocked'
    if (payment.paid.length > 0) return 'paid'
    if (payment.overBudget.length > 0) return 'budget'
    if (payment.overCap.length > 0) return 'cap'
    return 'no_credits'
  }
}
