import { and, eq, inArray } from 'drizzle-orm'
import { AI_FIELD_MESSAGES } from '#common/messages'
import { db } from '#server/db/client'
import { aiFields, type AiFieldRow } from '#server/db/schema/index'
import { endQueuedCells } from '#server/modules/row-storage/ai-cells'
import { hasPaidAccessNow, recordGateBlocked } from '#server/modules/billing/payment-gate'
import { logger } from '#server/platform/logger'
import { publishProgress } from '../ai-fields.service.ts'
import { recordEnrichedRows } from '../row-enriched.ts'

/** Why a run stopped or paused on its own (the run's `stopReason`). */
export const NO_ACTIVE_PLAN = 'no_active_plan'

/**
 * The balance or the budget is spent: the cells still queued will not be paid for. Out of
 * credits they show 'Add credits'; past the budget the user's own cells are cancelled, while
 * auto-queued cells that joined the run go on within the monthly cap (two meters).
 */
export async function stopUnpaidRun(field: Pick<AiFieldRow, 'id' | 'userId' | 'uploadId'>, reason: 'no_credits' | 'budget') {
  await db.transaction(async (tx) => {
    const ended = await endQueuedCells(tx, {
      fieldId: field.id,
      status: reason === 'no_credits' ? 'no_credits' : 'cancelled',
      error: reason === 'no_credits' ? AI_FIELD_MESSAGES.insufficientCreditsCell : AI_FIELD_MESSAGES.budgetReached,
      which: reason === 'no_credits' ? 'all' : 'user',
    })
    const autoRows = ended.filter((cell) => cell.auto).map((cell) => cell.rowIndex)
    await recordEnrichedRows(tx, { userId: field.userId, uploadId: field.uploadId, rowIndexes: autoRows })
    await tx.update(aiFields).set({ runStopReason: reason, updatedAt: new Date() }).where(eq(aiFields.id, field.id))
  })
  logger.info({ event: 'enrichment.run.stopped', fieldId: field.id, reason })
}

/**
 * The payment gate refused the run's owner (the trial ended, the plan lapsed): the run pauses with
 * its cells queued and nothing charged ('paused: no active plan'). It goes on when the owner has
 * access again (`resumeRunsWithAccess`) or resumes it.
 */
export async function pauseRunWithoutAccess(field: Pick<AiFieldRow, 'id' | 'userId'>) {
  const [paused] = await db
    .update(aiFields)
    .set({ status: 'paused', runStopReason: NO_ACTIVE_PLAN, updatedAt: new Date() })
    .where(and(eq(aiFields.id, field.id), eq(aiFields.status, 'processing')))
    .returning()
  if (!paused) return
  logger.info({ event: 'enrichment.run.paused_no_access', fieldId: field.id })
  await recordGateBlocked(field.userId, { source: 'job', job: 'enrichment.run-field', fieldId: field.id })
  await publishProgress(paused)
}

/**
 * Runs paused for want of a plan whose owner has one again go on (the recovery job, every minute).
 * Answers the runs sent workers again.
 */
export async function resumeRunsWithAccess(): Promise<Array<{ id: string; runTotal: number }>> {
  const waiting = await db
    .select({ id: aiFields.id, userId: aiFields.userId })
    .from(aiFields)
    .where(and(eq(aiFields.status, 'paused'), eq(aiFields.runStopReason, NO_ACTIVE_PLAN)))
  const resumed: Array<{ id: string; runTotal: number }> = []
  for (const userId of new Set(waiting.map((w) => w.userId))) {
    if (!(await hasPaidAccessNow(userId))) continue
    const ids = waiting.filter((w) => w.userId === userId).map((w) => w.id)
    const rows = await db
      .update(aiFields)
      .set({ status: 'processing', runStopReason: null, runHeartbeatAt: null, updatedAt: new Date() })
      .where(and(inArray(aiFields.id, ids), eq(aiFields.status, 'paused'), eq(aiFields.runStopReason, NO_ACTIVE_PLAN)))
      .returning()
    for (const row of rows) {
      await publishProgress(row)
      resumed.push({ id: row.id, runTotal: row.runTotal })
    }
  }
  return resumed
}
