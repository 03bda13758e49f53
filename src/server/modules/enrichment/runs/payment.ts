import { and, eq, sql } from 'drizzle-orm'
import { AI_FIELD_MESSAGES } from '#common/messages'
import { db } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { aiCells, aiFields } from '#server/db/schema/index'
import { AI_CELL_REFUND_REASON, consumeCreditsBatch, refundCredits } from '#server/modules/billing/credits.service'
import { logger } from '#server/platform/logger'
import type { AiFieldRow } from '../ai-fields.service.ts'
import { recordEnrichedRows } from '../row-enriched.ts'
import { chargeKey, runReference, type ClaimedCell, type Outcome } from './outcomes.ts'

/**
 * Payment for a run's cells: the run's budget first, then the ledger, one transaction a batch.
 * Charges are keyed by cell and run, so a cell taken again is not charged again; a cell that
 * fails is refunded.
 */

type PayingField = Pick<AiFieldRow, 'id' | 'userId' | 'runSeq' | 'webSearch'>

/** Takes up to `want` credits of the run's budget (all of them without a budget); answers what it got. */
export async function reserveBudget(fieldId: string, want: number): Promise<number> {
  const [granted] = await queryRows<{ granted: number }>(sql`
    WITH old AS (SELECT run_credits_spent AS spent, run_budget AS budget FROM ai_fields WHERE id = ${fieldId} FOR UPDATE)
    UPDATE ai_fields AS f SET run_credits_spent = LEAST(COALESCE(old.budget, 2147483647), old.spent + ${want})
    FROM old WHERE f.id = ${fieldId}
    RETURNING f.run_credits_spent - old.spent AS granted`)
  return Number(granted?.granted ?? 0)
}

export async function giveBackBudget(fieldId: string, credits: number) {
  if (credits <= 0) return
  await db.execute(sql`UPDATE ai_fields SET run_credits_spent = GREATEST(0, run_credits_spent - ${credits}) WHERE id = ${fieldId}`)
}

/** Charges the cells in one ledger transaction: the ones paid for, and the ones the balance refused. */
export async function chargeCells(field: PayingField, perCell: number, cells: ClaimedCell[]): Promise<{ paid: ClaimedCell[]; refused: ClaimedCell[] }> {
  const keys = new Map(cells.map((c) => [chargeKey(field.id, c.rowIndex, c.chargeSeq), c]))
  const result = await consumeCreditsBatch({
    userId: field.userId,
    operation: field.webSearch ? 'ai_enrichment_advanced' : 'ai_enrichment_basic',
    amountEach: perCell,
    idempotencyKeys: [...keys.keys()],
    // The run, so the usage history shows it as one entry (a field's next run is another).
    reference: runReference(field),
  })
  const refused = result.refused.map((key) => keys.get(key)!)
  const paidKeys = new Set(result.charged)
  const paid = cells.filter((c) => paidKeys.has(chargeKey(field.id, c.rowIndex, c.chargeSeq)))
  return { paid, refused }
}

/** A charged cell that did not end done gets its credits back. */
export async function refundCell(field: Pick<AiFieldRow, 'id' | 'userId'>, outcome: Pick<Outcome, 'rowIndex' | 'chargeSeq'>) {
  await refundCredits({ userId: field.userId, idempotencyKey: chargeKey(field.id, outcome.rowIndex, outcome.chargeSeq), reason: AI_CELL_REFUND_REASON })
}

/**
 * The balance or the budget is spent: the cells still queued will not be paid for. Out of
 * credits they show 'Add credits'; past the budget they are cancelled.
 */
export async function stopUnpaidRun(field: Pick<AiFieldRow, 'id' | 'userId' | 'uploadId'>, reason: 'no_credits' | 'budget') {
  const fieldId = field.id
  await db.transaction(async (tx) => {
    const ended = await tx
      .update(aiCells)
      .set({
        status: reason === 'no_credits' ? 'no_credits' : 'cancelled',
        error: reason === 'no_credits' ? AI_FIELD_MESSAGES.insufficientCreditsCell : AI_FIELD_MESSAGES.budgetReached,
        followsRow: null,
        updatedAt: new Date(),
      })
      .where(and(eq(aiCells.fieldId, fieldId), eq(aiCells.status, 'queued')))
      .returning({ rowIndex: aiCells.rowIndex, auto: aiCells.autoPending })
    const autoRows = ended.filter((cell) => cell.auto).map((cell) => cell.rowIndex)
    await recordEnrichedRows(tx, { userId: field.userId, uploadId: field.uploadId, rowIndexes: autoRows })
    await tx.update(aiFields).set({ runStopReason: reason, updatedAt: new Date() }).where(eq(aiFields.id, fieldId))
  })
  logger.info({ event: 'enrichment.run.stopped', fieldId, reason })
}
