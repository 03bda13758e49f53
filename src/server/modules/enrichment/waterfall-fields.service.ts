import { randomUUID } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import { AI, CREDIT_COSTS } from '#common/constants'
import { AI_FIELD_MESSAGES, SOURCE_MESSAGES } from '#common/messages'
import type { AiRunEstimate } from '#common/schemas/enrichment'
import type { WaterfallSource as WaterfallConfig, WaterfallStep } from '#common/schemas/sources'
import type { CreateWaterfallFieldInput, TestWaterfallInput, TestWaterfallResult } from '#common/schemas/waterfall-fields'
import { db } from '#server/db/client'
import { aiFields, csvUploads, type AiFieldRow } from '#server/db/schema/index'
import { takeAiQuestionOrThrow } from '#server/modules/ai/ai-question-limit'
import { consumeCreditsOrThrow, refundCredits } from '#server/modules/billing/credits.service'
import { assertPaidAccessOrThrow } from '#server/modules/billing/payment-gate'
import { assertAiFieldCapacityOrThrow } from '#server/modules/billing/subscriptions.service'
import { assertNameFree } from '#server/modules/columns/columns.service'
import { columnsOf } from '#server/modules/columns/formula-columns'
import { countWaterfallSteps } from '#server/modules/row-storage/ai-cells'
import { addColumns } from '#server/modules/row-storage/column-store'
import { readRowWithPosition } from '#server/modules/row-storage/row-locate'
import { missingSecrets } from '#server/modules/secrets/secrets.service'
import { assertValidRequestOrThrow, findReferences } from '#server/modules/sources/http-template'
import { assertValidPathOrThrow } from '#server/modules/sources/json-paths'
import { getReadableUploadOrThrow } from '#server/modules/uploads/uploads.service'
import { AppError } from '#server/platform/app-error'
import { publish } from '#server/platform/events'
import { autoRunChange, countCells, toAiField } from './ai-fields.service.ts'
import type { ClaimedCell } from './runs/outcomes.ts'
import { checkStepsOrThrow, stepPriceOf, waterfallStepRunners, walkSteps } from './runs/waterfall-source.ts'

/**
 * Waterfall columns (issue 43, decision 037): ordered steps (an AI prompt, an HTTP request, a
 * formula), each with an acceptance rule; a row's value is the first accepted one and the later
 * steps are not called for it. Made, tested and run like the other columns: the same gate,
 * capacity, run engine (runs/waterfall-source.ts), estimate, pause, resume and 'Run on new rows'.
 */

/** Everything about the steps that can be refused before any is called; answers the columns they read. */
async function checkWaterfallOrThrow(userId: string, uploadId: string, steps: readonly WaterfallStep[]) {
  const columns = await columnsOf(uploadId)
  const referenced = checkStepsOrThrow(steps, columns)
  const secrets = new Set<string>()
  for (const step of steps) {
    if (step.kind !== 'http') continue
    assertValidRequestOrThrow(step.request, columns)
    assertValidPathOrThrow(step.path)
    for (const name of findReferences(step.request).secrets) secrets.add(name)
  }
  const missing = await missingSecrets(userId, [...secrets])
  if (missing.length > 0) throw new AppError('VALIDATION_FAILED', SOURCE_MESSAGES.unknownSecrets(missing), { unknownSecrets: missing })
  return referenced
}

/** The steps in words, where a prompt would be (lists, MCP, the webhook's name). */
const summaryOf = (steps: readonly WaterfallStep[]) =>
  `Waterfall: ${steps.map((s) => (s.kind === 'ai' ? `AI${s.model ? ` (${s.model})` : ''}${s.webSearch ? ' + web' : ''}` : s.kind === 'http' ? `${s.request.method} ${s.request.url}` : `=${s.formula}`)).join(' → ')}`.slice(0, AI.maxPromptLength)

export async function createWaterfallField({ userId, uploadId, name, steps, autoRun }: { userId: string; uploadId: string } & CreateWaterfallFieldInput) {
  await assertPaidAccessOrThrow({ userId, details: { source: 'service', operation: 'create_waterfall_column' } })
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const [existing] = await db.select({ n: count() }).from(aiFields).where(eq(aiFields.uploadId, upload.id))
  await assertAiFieldCapacityOrThrow({ userId, existingFields: Number(existing?.n ?? 0) })
  await assertNameFree(upload.id, name)
  const referenced = await checkWaterfallOrThrow(userId, upload.id, steps)
  const field = await db.transaction(async (tx) => {
    const [column] = await addColumns(tx, upload.id, [{ name, type: 'text', kind: 'ai' }])
    const source: WaterfallConfig = { kind: 'waterfall', steps }
    const [row] = await tx
      .insert(aiFields)
      .values({
        uploadId: upload.id,
        userId,
        columnKey: column!.key,
        prompt: summaryOf(steps),
        outputType: { kind: 'text' },
        source,
        referencedKeys: referenced,
        ...autoRunChange(autoRun),
      })
      .returning()
    await tx.update(csvUploads).set({ updatedAt: new Date() }).where(eq(csvUploads.id, upload.id))
    return row!
  })
  await publish(userId, { type: 'field.changed', uploadId: upload.id, fieldId: field.id, change: 'created' })
  return toAiField(field, name, (await countCells([field.id])).get(field.id)!)
}

/**
 * 'Test on a row' (decision 037): the steps tried in order on one of the file's first rows, as a
 * run would, and what each answered. Nothing is saved. An AI step costs what the prompt test
 * costs (given back when the model fails); an HTTP or formula step costs nothing, as their tests.
 */
export async function testWaterfall({ userId, uploadId, steps, rowIndex }: { userId: string; uploadId: string } & TestWaterfallInput): Promise<TestWaterfallResult> {
  await assertPaidAccessOrThrow({ userId, details: { source: 'service', operation: 'waterfall_test' } })
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  await checkWaterfallOrThrow(userId, upload.id, steps)
  const row = await readRowWithPosition({ uploadId: upload.id, rowIndex })
  if (!row) throw new AppError('NOT_FOUND', SOURCE_MESSAGES.testRowMissing)
  if (row.position >= AI.promptTestSampleRows) throw new AppError('VALIDATION_FAILED', AI_FIELD_MESSAGES.testRowOutOfSample(AI.promptTestSampleRows))
  await takeAiQuestionOrThrow(userId)
  // A person waits: no retries on 429 or 5xx.
  const quick = steps.map((s) => (s.kind === 'http' ? { ...s, limits: { ...s.limits, retries: 0 } } : s))
  // One id per user: an HTTP step's limiter is kept by it, and a test is one request at a time anyway.
  const runners = await waterfallStepRunners({ field: { id: `test:${userId}`, userId, uploadId: upload.id, columnKey: '' }, steps: quick })
  const charges = new Map<number, { key: string; amount: number }>()
  const cell: ClaimedCell = { rowIndex, chargeSeq: 0, claimToken: 0, data: row.values, inputHash: '', reused: null, auto: false }
  const walked = await walkSteps(runners, cell, async (_cell, index) => {
    const step = steps[index]!
    if (step.kind !== 'ai') return 'paid'
    const amount = step.webSearch ? CREDIT_COSTS.promptTestAdvanced : CREDIT_COSTS.promptTestSimple
    const key = `waterfall_test:${randomUUID()}`
    // A refusal is the prompt test's 402: 'You need N credits to test this prompt. M remaining.'
    await consumeCreditsOrThrow({ userId, operation: 'prompt_test', amount, idempotencyKey: key, reference: upload.id })
    charges.set(index, { key, amount })
    return 'paid'
  })
  const tried = walked.steps ?? []
  for (const step of tried) {
    const charge = step.step === undefined ? undefined : charges.get(step.step)
    if (charge && step.outcome === 'error') await refundCredits({ userId, idempotencyKey: charge.key, reason: 'prompt_test_failed' })
    step.credits = charge && step.outcome !== 'error' ? charge.amount : 0
  }
  const accepted = tried.find((s) => s.outcome === 'accepted')
  return { value: walked.ok ? (accepted?.value ?? null) : null, acceptedStep: accepted?.step ?? null, steps: tried }
}

/**
 * A waterfall's estimate (decision 037): the worst case calls every step for every call; the
 * expected cost weighs each step by the share of calls that reach it, the product of the earlier
 * steps' rejection rates so far in this file (a step not yet tried counts as accepting nothing).
 */
export async function estimateWaterfall(field: AiFieldRow, calls: number, prices: readonly number[] | null): Promise<NonNullable<AiRunEstimate['waterfall']>> {
  const steps = field.source?.kind === 'waterfall' ? field.source.steps : []
  const counted = await countWaterfallSteps(field.id)
  let reach = 1
  let expectedPerCall = 0
  const rows = steps.map((step, index) => {
    const creditsPerCall = prices?.[index] ?? stepPriceOf(step)
    const { tried = 0, accepted = 0 } = counted.get(index) ?? {}
    const acceptanceRate = tried > 0 ? accepted / tried : null
    const row = { kind: step.kind, creditsPerCall, tried, accepted, acceptanceRate, reachRate: reach }
    expectedPerCall += creditsPerCall * reach
    reach *= 1 - (acceptanceRate ?? 0)
    return row
  })
  const worstPerCall = rows.reduce((sum, r) => sum + r.creditsPerCall, 0)
  return { worstCaseCredits: calls * worstPerCall, expectedCredits: Math.ceil(calls * expectedPerCall - 1e-9), steps: rows }
}
