import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { CREDIT_COSTS } from '#common/constants'
import { formulaColumnsOf, parseFormula } from '#common/formula/parse'
import { FORMULA_SUGGEST_MESSAGES } from '#common/messages'
import { FORMULA_LIMITS } from '#common/schemas/formula'
import type { FormulaSuggestion, SuggestFormulaInput } from '#common/schemas/rows'
import { resolveAiCredentials, type AiCredentials } from '#server/modules/ai/ai-credentials'
import { takeAiQuestionOrThrow } from '#server/modules/ai/ai-question-limit'
import { askForObject } from '#server/modules/ai/ask-for-object'
import { consumeCreditsOrThrow, refundCredits } from '#server/modules/billing/credits.service'
import { assertPaidAccessOrThrow } from '#server/modules/billing/payment-gate'
import { getReadableUploadOrThrow } from '#server/modules/uploads/uploads.service'
import { AppError } from '#server/platform/app-error'
import { logger } from '#server/platform/logger'
import { columnsOf, previewCheckedFormula } from './formula-columns.ts'
import { FORMULA_SUGGEST_SYSTEM_PROMPT, formulaSuggestUserMessage } from './formula-suggest-prompts.ts'

/**
 * 'Describe it instead' (issue 32): the user's configured model turns a description into a formula,
 * checked by the same parser as a typed one and previewed on the first rows; nothing is saved. It
 * costs CREDIT_COSTS.formulaSuggestion (nothing on the user's own key), refunded on any failure.
 * The column itself is then computed by the database, exactly and for free.
 */

const modelAnswerSchema = z.object({ formula: z.string().trim().min(1).max(FORMULA_LIMITS.maxLength) })

type ColumnRows = Awaited<ReturnType<typeof columnsOf>>

/** Why no formula came back, said to the user (the provider's message, or the checker's). */
class SuggestionFailed extends Error {}

export async function suggestFormula({ userId, uploadId, description }: { userId: string; uploadId: string } & SuggestFormulaInput): Promise<FormulaSuggestion> {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  await assertPaidAccessOrThrow({ userId, details: { source: 'server', operation: 'formula_suggest' } })
  const credentials = await resolveAiCredentials({ userId, webSearch: false })
  await takeAiQuestionOrThrow(userId)
  const isCharged = !credentials.ownKey
  const idempotencyKey = `formula_suggest:${randomUUID()}`
  let remaining: number | null = null
  if (isCharged) {
    const amount = CREDIT_COSTS.formulaSuggestion
    remaining = (await consumeCreditsOrThrow({ userId, operation: 'formula_suggest', amount, idempotencyKey, reference: upload.id })).remaining_credits
  }
  try {
    const columns = await columnsOf(upload.id)
    const { formula, checked } = await proposeCheckedFormula({ credentials, description, columns, isCharged })
    const preview = await previewCheckedFormula({ uploadId: upload.id, columns, checked })
    logger.info({ event: 'formula.suggested', uploadId: upload.id, type: checked.type })
    return { formula, preview, remainingCredits: remaining }
  } catch (error) {
    // Whatever fails after the charge (the provider, the proposal, our code) gives the credit back.
    const refunded = isCharged ? await refundSuggestion(userId, idempotencyKey, upload.id) : null
    const details = { title: FORMULA_SUGGEST_MESSAGES.failedTitle, remaining_credits: refunded }
    if (error instanceof SuggestionFailed) throw new AppError('SERVICE_UNAVAILABLE', error.message, details)
    logger.error({ event: 'formula.suggest_failed', uploadId: upload.id, err: error })
    throw new AppError('INTERNAL', FORMULA_SUGGEST_MESSAGES.failedOnOurSide(isCharged), details)
  }
}

/** The model's formula, checked; asked once more with the checker's message when the first does not read. */
async function proposeCheckedFormula({
  credentials,
  description,
  columns,
  isCharged,
}: {
  credentials: AiCredentials
  description: string
  columns: ColumnRows
  isCharged: boolean
}) {
  const sources = formulaColumnsOf(columns)
  let correction: { formula: string; problem: string } | undefined
  for (let attempt = 1; ; attempt += 1) {
    const answer = await askForObject({
      credentials,
      system: FORMULA_SUGGEST_SYSTEM_PROMPT,
      user: formulaSuggestUserMessage({ description, columns: sources, correction }),
      schema: modelAnswerSchema,
      name: 'formula',
    })
    if (!answer.ok) throw new SuggestionFailed(FORMULA_SUGGEST_MESSAGES.providerFailed(answer.error, isCharged))
    const { formula } = answer.value
    const parsed = parseFormula(formula, sources)
    if (parsed.ok) return { formula, checked: { ast: parsed.ast, type: parsed.type } }
    logger.info({ event: 'formula.suggestion_unusable', attempt, problem: parsed.error.message })
    if (attempt === 2) throw new SuggestionFailed(FORMULA_SUGGEST_MESSAGES.unusable(parsed.error.message, isCharged))
    correction = { formula, problem: parsed.error.message }
  }
}

/** The refund of a failed suggestion; the balance after it, or null if even the refund failed (logged with its key). */
async function refundSuggestion(userId: string, idempotencyKey: string, uploadId: string): Promise<number | null> {
  try {
    return (await refundCredits({ userId, idempotencyKey, reason: 'formula_suggest_failed' })).balance
  } catch (error) {
    logger.error({ event: 'formula.refund_failed', uploadId, idempotencyKey, err: error })
    return null
  }
}
