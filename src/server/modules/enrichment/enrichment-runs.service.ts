import type { AiFieldRow } from '#server/db/schema/index'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { AI } from '#common/constants'
import { AI_FIELD_MESSAGES, CREDIT_MESSAGES } from '#common/messages'
import type { AiField, AiRunAction, AiRunEstimate, AiRunRequest, AiRunStarted, AiRunTiming } from '#common/schemas/enrichment'
import { db } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { aiFields } from '#server/db/schema/index'
import { getCreditBalance } from '#server/modules/billing/credits.service'
import { assertPaidAccessOrThrow } from '#server/modules/billing/payment-gate'
import { NO_ACTIVE_PLAN } from './runs/run-stops.ts'
import { countRunScope, queueRunCells, resolveRunScope, wholeUploadScope } from '#server/modules/row-storage/ai-values'
import { env } from '#server/env'
import { AppError } from '#server/platform/app-error'
import { logger } from '#server/platform/logger'
import { creditsPerCell, getAiFieldRowOrThrow, inputColumnsOf, promptInputsOrThrow, publishProgress, toAiField } from './ai-fields.service.ts'
import { enqueueFieldRun } from './enrichment.jobs.ts'
import { endQueuedCells, linkFollowers } from '#server/modules/row-storage/ai-cells'
import { recordEnrichedRows } from './row-enriched.ts'
import type { CellSource } from './runs/cell-source.ts'
import { sourceOf } from './runs/sources.ts'
import { assertHasExamplesOrThrow } from './corrections.service.ts'
import { stepPriceOf, WaterfallSource } from './runs/waterfall-source.ts'
import { estimateWaterfall } from './waterfall-fields.service.ts'

/**
 * What recent calls of this provider and model took: the last answered cells (not reused copies)
 * of the latest runs made with them. A platform key's history is everyone's (one account, one
 * speed); an own key's is its user's alone (their account, perhaps their own server).
 */
async function recentCallTiming({ userId, provider, model, ownKey }: { userId: string; provider: string; model: string; ownKey: boolean }) {
  const [row] = await queryRows<{ n: number | string; ms: number | string | null }>(sql`
    SELECT count(*) AS n, avg(latency_ms) AS ms FROM (
      SELECT c.latency_ms FROM (
        SELECT id, run_started_at FROM ai_fields
        WHERE run_provider = ${provider} AND run_model = ${model} AND run_own_key = ${ownKey} AND run_started_at IS NOT NULL
          AND (${!ownKey} OR user_id = ${userId})
        ORDER BY run_started_at DESC LIMIT ${AI.estimateHistoryRuns}
      ) AS f
      CROSS JOIN LATERAL (
        SELECT row_index, latency_ms FROM ai_cells
        WHERE field_id = f.id AND status = 'done' AND NOT reused AND latency_ms IS NOT NULL AND provider = ${provider} AND model = ${model}
        ORDER BY row_index DESC LIMIT ${AI.estimateHistoryCalls}
      ) AS c
      ORDER BY f.run_started_at DESC, c.row_index DESC LIMIT ${AI.estimateHistoryCalls}
    ) AS recent`)
  const calls = Number(row?.n ?? 0)
  return calls > 0 ? { calls, secondsPerCall: Number(row!.ms) / 1000 } : null
}

/**
 * How long the calls take: waves of AI_CONCURRENCY calls (per provider account, as the limiter
 * holds them) at the recent calls' latency, and no faster than AI_REQUESTS_PER_MINUTE allows.
 * Before any call of this provider and model, an assumed latency, and the estimate says so.
 */
async function estimateTiming(userId: string, field: AiFieldRow, source: CellSource | null, calls: number): Promise<AiRunTiming & { estimatedSeconds: number }> {
  const history = source ? await recentCallTiming({ userId, provider: source.provider, model: source.model, ownKey: source.ownKey }) : null
  const concurrency = source?.concurrency ?? env.AI_CONCURRENCY
  const perMinute = field.source?.kind === 'http' ? field.source.limits.requestsPerMinute : env.AI_REQUESTS_PER_MINUTE
  const secondsPerCall = history?.secondsPerCall ?? AI.assumedSecondsPerCall
  const byConcurrency = Math.ceil(calls / concurrency) * secondsPerCall
  const byRateLimit = perMinute ? (calls / perMinute) * 60 : 0
  return {
    estimatedSeconds: Math.ceil(Math.max(byConcurrency, byRateLimit)),
    basis: history ? 'history' : 'assumed',
    sampleCalls: history?.calls ?? 0,
    secondsPerCall: Math.round(secondsPerCall * 100) / 100,
    concurrency,
  }
}

/**
 * What a run over every row of a column not yet made would charge (Magic Chat's judgment
 * proposal, issue 30 §6): counted as `estimateRun` counts, once per distinct input of the
 * columns the prompt names (every column when it names none), at the price of one cell. The
 * upload is the caller's, already checked; `ownKey`: the user's own provider key pays the calls.
 */
export async function quoteNewColumnRun({ uploadId, ownKey, prompt, webSearch }: { uploadId: string; ownKey: boolean; prompt: string; webSearch: boolean }) {
  const inputs = await promptInputsOrThrow(uploadId, prompt)
  const { rows, distinctInputs } = await countRunScope(wholeUploadScope(uploadId), inputs.map((c) => c.key))
  const perCell = ownKey ? 0 : creditsPerCell(webSearch)
  return { rows, calls: distinctInputs, credits: distinctInputs * perCell }
}

/**
 * The pre-flight estimate (issue 12 §4, issue 23 §4): rows, the calls they need (identical inputs
 * are asked once and their copies are free), credits, whether the balance covers them, a duration.
 */
export async function estimateRun({ userId, uploadId, fieldId, ...request }: { userId: string; uploadId: string; fieldId: string } & AiRunRequest): Promise<AiRunEstimate> {
  const { upload, field } = await getAiFieldRowOrThrow({ userId, uploadId, fieldId })
  if (request.scope === 'corrections') await assertHasExamplesOrThrow(field.id)
  // Not callable now (no provider, a secret removed): the estimate still counts, the run will say why.
  const source = await sourceOf(field).catch((error: unknown) => {
    if (error instanceof AppError) return null
    throw error
  })
  const scope = await resolveRunScope({ source: upload, fieldId: field.id, request })
  const inputs = await inputColumnsOf(field)
  const counted = await countRunScope(scope, inputs.map((c) => c.key))
  const rows = counted.rows
  const ownKey = source?.ownKey ?? false
  const stepPrices = field.source?.kind === 'waterfall' ? (source instanceof WaterfallSource ? source.stepPrices : field.source.steps.map((step) => stepPriceOf(step))) : null
  // A waterfall's price per cell is its worst case: every step called.
  const perCell = stepPrices ? stepPrices.reduce((a, b) => a + b, 0) : source ? source.perCell : field.source ? env.HTTP_SOURCE_CREDITS_PER_CALL : creditsPerCell(field.webSearch)
  const budget = request.budget ?? null
  const budgetCells = budget !== null && perCell > 0 ? Math.floor(budget / perCell) : Infinity
  const cells = Math.min(rows, budgetCells)
  const calls = Math.min(counted.distinctInputs, budgetCells)
  const balance = await getCreditBalance({ userId })
  const credits = calls * perCell
  const { estimatedSeconds, ...timing } = await estimateTiming(userId, field, source, calls)
  return {
    scope: request.scope,
    rows,
    cells,
    calls,
    creditsPerCell: perCell,
    credits,
    balance,
    covered: perCell === 0 || credits <= balance,
    ownKey,
    budget,
    estimatedSeconds,
    timing,
    provider: source?.provider ?? null,
    model: source?.model ?? null,
    waterfall: stepPrices ? await estimateWaterfall(field, calls, stepPrices) : null,
  }
}

/**
 * Starts a run over the scope: its cells are queued in one statement (with the hash of their
 * inputs; a cell whose inputs equal an earlier row's follows that row), then workers are sent.
 */
export async function startRun({ userId, uploadId, fieldId, ...request }: { userId: string; uploadId: string; fieldId: string } & AiRunRequest): Promise<AiRunStarted> {
  const { upload, field, name } = await getAiFieldRowOrThrow({ userId, uploadId, fieldId })
  if (field.status === 'processing' || field.status === 'paused') throw new AppError('CONFLICT', AI_FIELD_MESSAGES.runActive)
  await assertPaidAccessOrThrow({ userId, details: { source: 'service', operation: 'start_run', fieldId } })
  if (request.scope === 'corrections') await assertHasExamplesOrThrow(field.id)
  const source = await sourceOf(field)
  const perCell = source.perCell
  if (perCell > 0) {
    const balance = await getCreditBalance({ userId })
    if (balance < perCell) {
      throw new AppError('PAYMENT_REQUIRED', CREDIT_MESSAGES.insufficient(perCell, balance), { title: CREDIT_MESSAGES.insufficientTitle, remaining: balance })
    }
  }
  const inputs = await inputColumnsOf(field)
  const scope = await resolveRunScope({ source: upload, fieldId: field.id, request })
  const started = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(aiFields)
      .set({
        status: 'processing',
        runSeq: sql`${aiFields.runSeq} + 1`,
        runScope: request.scope,
        runBudget: request.budget ?? null,
        runCreditsSpent: 0,
        runBudgetSpent: 0,
        runProvider: source.provider,
        runModel: source.model,
        runOwnKey: source.ownKey,
        runStopReason: null,
        runStartedAt: new Date(),
        runFinishedAt: null,
        runHeartbeatAt: null,
        updatedAt: new Date(),
      })
      .where(and(eq(aiFields.id, field.id), inArray(aiFields.status, ['idle', 'completed'])))
      .returning()
    if (!claimed) throw new AppError('CONFLICT', AI_FIELD_MESSAGES.runActive)
    const queued = await queueRunCells(tx, scope, { fieldId: field.id, uploadId: upload.id, runSeq: claimed.runSeq, inputKeys: inputs.map((c) => c.key) })
    if (queued.length === 0) throw new AppError('BAD_REQUEST', AI_FIELD_MESSAGES.nothingToRun)
    await linkFollowers(tx, field.id)
    const [row] = await tx.update(aiFields).set({ runTotal: queued.length }).where(eq(aiFields.id, field.id)).returning()
    return row!
  })
  logger.info({ event: 'enrichment.run.start', fieldId: field.id, cells: started.runTotal, scope: request.scope })
  await enqueueFieldRun(started.id, started.runTotal)
  const counts = await publishProgress(started)
  return { started: true, total_rows: started.runTotal, field: toAiField(started, name, counts) }
}

/** Pause keeps queued cells for later; resume sends workers again; cancel drops what is still queued. */
export async function controlRun({ userId, uploadId, fieldId, action }: { userId: string; uploadId: string; fieldId: string; action: AiRunAction }): Promise<AiField> {
  const { field, name } = await getAiFieldRowOrThrow({ userId, uploadId, fieldId })
  const from = action === 'pause' ? ['processing'] : action === 'resume' ? ['paused'] : ['processing', 'paused']
  if (!from.includes(field.status)) throw new AppError('CONFLICT', AI_FIELD_MESSAGES.notRunning)
  // A resumed run spends again: the gate first, whatever paused it.
  if (action === 'resume') await assertPaidAccessOrThrow({ userId, details: { source: 'service', operation: 'resume_run', fieldId } })
  const updated = await db.transaction(async (tx) => {
    if (action === 'cancel') {
      const cancelled = await endQueuedCells(tx, { fieldId: field.id, status: 'cancelled', error: null })
      const autoRows = cancelled.filter((cell) => cell.auto).map((cell) => cell.rowIndex)
      await recordEnrichedRows(tx, { userId, uploadId: field.uploadId, rowIndexes: autoRows })
    }
    const [row] = await tx
      .update(aiFields)
      .set({
        status: action === 'pause' ? 'paused' : action === 'resume' ? 'processing' : 'completed',
        ...(action === 'cancel' ? { runStopReason: 'cancelled', runFinishedAt: new Date() } : {}),
        ...(action === 'resume' ? { runHeartbeatAt: null, ...(field.runStopReason === NO_ACTIVE_PLAN ? { runStopReason: null } : {}) } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(aiFields.id, field.id), inArray(aiFields.status, from as AiFieldRow['status'][])))
      .returning()
    return row
  })
  if (!updated) throw new AppError('CONFLICT', AI_FIELD_MESSAGES.notRunning)
  if (action === 'resume') await enqueueFieldRun(updated.id, updated.runTotal)
  const counts = await publishProgress(updated)
  return toAiField(updated, name, counts)
}
