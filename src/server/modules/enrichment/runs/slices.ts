import type { AiFieldRow } from '#server/db/schema/index'
import { and, eq, sql } from 'drizzle-orm'
import { db, driver } from '#server/db/client'
import { aiCells, aiFields, uploadColumns } from '#server/db/schema/index'
import { recordWebhookEvent } from '#server/modules/webhooks/webhooks.service'
import { AppError } from '#server/platform/app-error'
import { logger } from '#server/platform/logger'
import type { QueueTransaction } from '#server/platform/queue'
import { publishProgress } from '../ai-fields.service.ts'
import { hasClaimableCells, hasEarlierAnswers } from './claims.ts'
import { endQueuedCells, requeueAllRunningCells } from '#server/modules/row-storage/ai-cells'
import { recordEnrichedRows } from '../row-enriched.ts'
import { FieldRun } from './run-engine.ts'
import { sourceOf } from './sources.ts'
import { pauseRunWithoutAccess } from './run-stops.ts'
import { hasPaidAccessNow } from '#server/modules/billing/payment-gate'
import { engineTuning } from './tuning.ts'

/**
 * A run's jobs in time: one job's slice of the run (run-engine.ts does the work), the run's end
 * with its webhook event, and runs left without workers.
 */

/**
 * One job's share of a run: works until the field has nothing left to claim, then finishes the
 * run if it was the last. Returns 'continue' when its time slice ended with work left.
 */
export async function runFieldSlice({ fieldId, mayPassOn = false }: { fieldId: string; mayPassOn?: boolean }): Promise<'continue' | 'idle' | 'busy-here'> {
  // A process already working on this field shares its provider slots with a second job; another
  // worker process may have all of its own free, so the job is passed on first (while it may be).
  // PGlite is one process: there is no other to pass to.
  const here = slicesRunningHere.get(fieldId) ?? 0
  // A second job here would add claims and ledger transactions, not calls: the job already
  // running keeps this process's slots full. The job is dropped once it has been passed on enough.
  if (here > 0) return mayPassOn && driver.kind === 'pg' ? 'busy-here' : 'idle'
  slicesRunningHere.set(fieldId, here + 1)
  try {
    return await runSliceOf(fieldId)
  } finally {
    const left = (slicesRunningHere.get(fieldId) ?? 1) - 1
    if (left > 0) slicesRunningHere.set(fieldId, left)
    else slicesRunningHere.delete(fieldId)
  }
}

const slicesRunningHere = new Map<string, number>()

async function runSliceOf(fieldId: string): Promise<'continue' | 'idle'> {
  const [field] = await db.select().from(aiFields).where(eq(aiFields.id, fieldId))
  if (!field || field.status !== 'processing') return 'idle'
  // The job may run long after the request that queued it: the gate is asked again here.
  if (!(await hasPaidAccessNow(field.userId))) {
    await pauseRunWithoutAccess(field)
    return 'idle'
  }
  let source
  try {
    source = await sourceOf(field)
  } catch (error) {
    // No provider configured, a key or a secret removed: the run's cells end with what to do.
    if (!(error instanceof AppError)) throw error
    await failQueuedCells(field, error.message)
    await finishRunIfDone(field.id)
    return 'idle'
  }
  // The first run of a prompt has no earlier answers: its claims skip the lookup (repeated inputs
  // within a run follow their first row instead). An HTTP request (and a waterfall, which may
  // send one) is sent again on each run.
  const mayReuse = source.provider !== 'http' && source.provider !== 'waterfall' && (await hasEarlierAnswers(field, source.model))
  const run = new FieldRun(field, source, mayReuse)
  const sliceEnded = await run.run(Date.now() + engineTuning.sliceMs)
  logger.info({ event: 'enrichment.slice.done', fieldId: field.id, cells: run.written, sliceEnded })
  if (sliceEnded) return 'continue'
  // Cells may still be running elsewhere; the worker that ends the last one finishes the run.
  await finishRunIfDone(field.id)
  return (await hasClaimableCells(field.id)) ? 'continue' : 'idle'
}

/** Marks the run's queued cells failed with a message (no provider configured, key removed). */
async function failQueuedCells(field: AiFieldRow, message: string) {
  await db.transaction(async (tx) => {
    const failed = await endQueuedCells(tx, { fieldId: field.id, status: 'error', error: message })
    const autoRows = failed.filter((cell) => cell.auto).map((cell) => cell.rowIndex)
    await recordEnrichedRows(tx, { userId: field.userId, uploadId: field.uploadId, rowIndexes: autoRows })
  })
}

/**
 * Ends a run once none of its cells is queued or running; only one worker gets to do it. The run
 * ends with its webhook event in one transaction: if recording the event fails, the run is still
 * going, the job fails, and its retry ends the run again (decision 020).
 */
export async function finishRunIfDone(fieldId: string) {
  const row = await db.transaction(async (tx) => {
    // The field's lock first: rows arriving for an auto-run (auto-runs.ts) hold it while they queue
    // cells, so the look for cells left below sees theirs once they commit.
    await tx.select({ id: aiFields.id }).from(aiFields).where(eq(aiFields.id, fieldId)).for('update')
    const [ended] = await tx
      .update(aiFields)
      .set({ status: 'completed', runFinishedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(aiFields.id, fieldId),
          eq(aiFields.status, 'processing'),
          sql`NOT EXISTS (SELECT 1 FROM ai_cells WHERE field_id = ${fieldId} AND status IN ('queued', 'running'))`,
        ),
      )
      .returning()
    if (ended) await recordRunWebhook(tx, ended)
    return ended
  })
  if (!row) return false
  logger.info({ event: 'enrichment.run.done', fieldId, credits: row.runCreditsSpent })
  await publishProgress(row)
  return true
}

/**
 * `ai_run.completed` with the field's cell counts and the run's credits, or `ai_run.failed` when
 * the run ended without one cell done and with errors (no provider, a rejected key).
 */
async function recordRunWebhook(tx: QueueTransaction, field: AiFieldRow) {
  const rows = await tx
    .select({ status: aiCells.status, n: sql<number>`count(*)::int` })
    .from(aiCells)
    .where(eq(aiCells.fieldId, field.id))
    .groupBy(aiCells.status)
  const [column] = await tx
    .select({ name: uploadColumns.name })
    .from(uploadColumns)
    .where(and(eq(uploadColumns.uploadId, field.uploadId), eq(uploadColumns.key, field.columnKey)))
  const countOf = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0)
  const counts = { done: countOf('done'), errors: countOf('error'), no_credits: countOf('no_credits'), cancelled: countOf('cancelled') }
  await recordWebhookEvent(tx, {
    userId: field.userId,
    type: counts.done === 0 && counts.errors > 0 ? 'ai_run.failed' : 'ai_run.completed',
    data: {
      upload_id: field.uploadId,
      field_id: field.id,
      field_name: column?.name ?? null,
      counts,
      credits_spent: field.runCreditsSpent,
      stop_reason: field.runStopReason,
      started_at: field.runStartedAt?.toISOString() ?? null,
      finished_at: field.runFinishedAt?.toISOString() ?? null,
    },
  })
}

/**
 * Runs left without workers (a restart, a lost job) get new ones. With PGlite everything runs in
 * this one process, so at start every 'running' cell was left by the previous process.
 */
export async function findSilentRuns({ atStartup }: { atStartup: boolean }): Promise<Array<{ id: string; runTotal: number }>> {
  const isOneProcess = driver.kind === 'pglite'
  if (atStartup && isOneProcess) {
    await requeueAllRunningCells()
  }
  const rows = await db
    .select({ id: aiFields.id, runTotal: aiFields.runTotal })
    .from(aiFields)
    .where(
      and(
        eq(aiFields.status, 'processing'),
        atStartup && isOneProcess
          ? undefined
          : sql`(${aiFields.runHeartbeatAt} IS NULL OR ${aiFields.runHeartbeatAt} < now() - ${`${engineTuning.silentRunMs} milliseconds`}::interval)`,
      ),
    )
  return rows
}
