import { randomUUID } from 'node:crypto'
import { AI, CREDIT_COSTS } from '#common/constants'
import { AI_FIELD_MESSAGES } from '#common/messages'
import type { TestAiPromptInput, TestAiPromptResult } from '#common/schemas/enrichment'
import { consumeCreditsOrThrow, refundCredits } from '#server/modules/billing/credits.service'
import { assertPaidAccessOrThrow } from '#server/modules/billing/payment-gate'
import { readRowWithPosition } from '#server/modules/row-storage/row-locate'
import { getReadableUploadOrThrow } from '#server/modules/uploads/uploads.service'
import { AppError } from '#server/platform/app-error'
import { promptInputsOrThrow } from './ai-fields.service.ts'
import { displayValue } from '#server/modules/ai/ai-output'
import { buildFixedPart, buildRowPart, hashInput, renderForDisplay } from './lib/render-prompt.ts'
import { resolveAiCredentials } from '#server/modules/ai/ai-credentials'
import { takeAiQuestionOrThrow } from '#server/modules/ai/ai-question-limit'
import { callModel } from '#server/modules/ai/call-model'

/**
 * The dialog's test (001 §5): the prompt on one of the file's first 1000 rows, charged 1 credit
 * (2 with web search) unless the user's own key answers it; refunded when the provider fails.
 */
export async function testAiPrompt({ userId, uploadId, prompt, rowIndex, outputType, webSearch }: { userId: string; uploadId: string } & TestAiPromptInput): Promise<TestAiPromptResult> {
  await assertPaidAccessOrThrow({ userId, details: { source: 'service', operation: 'prompt_test' } })
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const inputs = await promptInputsOrThrow(upload.id, prompt)
  const row = await readRowWithPosition({ uploadId: upload.id, rowIndex })
  if (!row) throw new AppError('NOT_FOUND', AI_FIELD_MESSAGES.rowNotFound)
  if (row.position >= AI.promptTestSampleRows) throw new AppError('VALIDATION_FAILED', AI_FIELD_MESSAGES.testRowOutOfSample(AI.promptTestSampleRows))
  const data = row.values
  const credentials = await resolveAiCredentials({ userId, webSearch })
  await takeAiQuestionOrThrow(userId)
  const cost = webSearch ? CREDIT_COSTS.promptTestAdvanced : CREDIT_COSTS.promptTestSimple
  const idempotencyKey = `prompt_test:${randomUUID()}`
  let remaining: number | null = null
  if (!credentials.ownKey) {
    // A refusal is the spec's 402: 'You need N credits to test this prompt. M remaining.'
    remaining = (await consumeCreditsOrThrow({ userId, operation: 'prompt_test', amount: cost, idempotencyKey, reference: upload.id })).remaining_credits
  }
  const rowPart = buildRowPart(inputs, data)
  const result = await callModel({
    credentials,
    fixedPart: buildFixedPart({ template: prompt, outputType, columns: inputs, webSearch }),
    rowPart,
    outputType,
    interactive: true,
  })
  if (!result.ok) {
    if (!credentials.ownKey) await refundCredits({ userId, idempotencyKey, reason: 'prompt_test_failed' })
    throw new AppError('SERVICE_UNAVAILABLE', result.error, { title: AI_FIELD_MESSAGES.testFailedTitle })
  }
  return {
    value: result.answer.value,
    display: displayValue(result.answer.value),
    renderedPrompt: renderForDisplay(prompt, inputs, data),
    provenance: {
      reasoning: result.answer.reasoning,
      confidence: result.answer.confidence,
      sources: result.sources,
      provider: credentials.provider,
      model: credentials.model,
      promptVersion: 0,
      inputHash: hashInput(rowPart),
      tokens: result.tokens,
      credits: credentials.ownKey ? 0 : cost,
      latencyMs: result.latencyMs,
      reused: false,
      ownKey: credentials.ownKey,
      completedAt: new Date().toISOString(),
      steps: null,
    },
    remainingCredits: remaining,
  }
}
