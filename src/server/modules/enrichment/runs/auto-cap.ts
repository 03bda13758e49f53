import { and, eq, sql } from 'drizzle-orm'
import { AI_FIELD_MESSAGES } from '#common/messages'
import { db } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { aiCells, aiFields, uploadColumns, user } from '#server/db/schema/index'
import { env } from '#server/env'
import { publish } from '#server/platform/events'
import { logger } from '#server/platform/logger'
import { mailer } from '#server/platform/mail'
import { autoRunPausedMail } from '#server/platform/mail-templates'
import type { AiFieldRow } from '../ai-fields.service.ts'
import { recordEnrichedRows } from '../row-enriched.ts'

/**
 * The monthly cap of a column's 'Run on new rows' (issue 33): what auto-queued cells cost is
 * reserved from it when they are paid (as a run's budget is) and given back when they are
 * refused or refunded; reaching it pauses the column's auto-runs until the next month or a
 * higher cap.
 */

/** The calendar month (UTC) a column's auto-run spending counts in. */
export const monthOf = (date = new Date()) => date.toISOString().slice(0, 7)

/** Whether the column's auto-runs wait for next month (its cap was reached this month). */
export const isAutoRunPaused = (field: Pick<AiFieldRow, 'autoRunPausedAt' | 'autoRunMonth'>) =>
  field.autoRunPausedAt !== null && field.autoRunMonth === monthOf()

/**
 * Takes up to `want` credits of the column's monthly cap for auto-queued cells (all of them
 * without a cap); a new month starts from 0 and lifts a pause. The run's spending counts them too.
 */
export async function reserveAutoCap(fieldId: string, want: number): Promise<number> {
  const [granted] = await queryRows<{ granted: number }>(sql`
    WITH old AS (
      SELECT CASE WHEN auto_run_month = ${monthOf()} THEN auto_run_spent ELSE 0 END AS spent, auto_run_monthly_cap AS cap
      FROM ai_fields WHERE id = ${fieldId} FOR UPDATE
    )
    UPDATE ai_fields AS f SET
      auto_run_paused_at = CASE WHEN f.auto_run_month = ${monthOf()} THEN f.auto_run_paused_at ELSE NULL END,
      auto_run_month = ${monthOf()},
      auto_run_spent = LEAST(COALESCE(old.cap, 2147483647), old.spent + ${want}),
      run_credits_spent = f.run_credits_spent + (LEAST(COALESCE(old.cap, 2147483647), old.spent + ${want}) - old.spent)
    FROM old WHERE f.id = ${fieldId}
    RETURNING f.auto_run_spent - old.spent AS granted`)
  return Number(granted?.granted ?? 0)
}

/** Credits of auto-queued cells that were refused or refunded go back to this month's cap. */
export async function giveBackAutoCap(fieldId: string, credits: number) {
  if (credits <= 0) return
  await db.execute(sql`
    UPDATE ai_fields SET
      auto_run_spent = CASE WHEN auto_run_month = ${monthOf()} THEN GREATEST(0, auto_run_spent - ${credits}) ELSE auto_run_spent END,
      run_credits_spent = GREATEST(0, run_credits_spent - ${credits})
    WHERE id = ${fieldId}`)
}

/**
 * The cap is reached: the column's auto-queued cells still waiting are not run ('Not run: ...
 * monthly credit cap'), their rows' events go out, and auto-runs pause until next month or a
 * higher cap. The first worker to get here tells the owner by e-mail; the grid shows the pause.
 */
export async function pauseAutoRuns(field: Pick<AiFieldRow, 'id' | 'userId' | 'uploadId' | 'columnKey'>) {
  const paused = await db.transaction(async (tx) => {
    const cancelled = await tx
      .update(aiCells)
      .set({ status: 'cancelled', error: AI_FIELD_MESSAGES.autoRunCapReached, followsRow: null, updatedAt: new Date() })
      .where(and(eq(aiCells.fieldId, field.id), eq(aiCells.status, 'queued'), eq(aiCells.autoPending, true)))
      .returning({ rowIndex: aiCells.rowIndex })
    await recordEnrichedRows(tx, { userId: field.userId, uploadId: field.uploadId, rowIndexes: cancelled.map((cell) => cell.rowIndex) })
    const [row] = await tx
      .update(aiFields)
      .set({ autoRunPausedAt: new Date(), autoRunMonth: monthOf(), updatedAt: new Date() })
      .where(and(eq(aiFields.id, field.id), sql`${aiFields.autoRunPausedAt} IS NULL`))
      .returning()
    return row ?? null
  })
  if (!paused) return
  logger.info({ event: 'enrichment.auto_run.paused', fieldId: field.id, cap: paused.autoRunMonthlyCap })
  // Open grids read the column again: its notice says auto-runs are paused.
  await publish(field.userId, { type: 'field.changed', uploadId: field.uploadId, fieldId: field.id, change: 'updated' }).catch((error: unknown) =>
    logger.warn({ event: 'enrichment.auto_run.publish_failed', fieldId: field.id, err: error }),
  )
  try {
    const [owner] = await db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, field.userId))
    const [column] = await db
      .select({ name: uploadColumns.name })
      .from(uploadColumns)
      .where(and(eq(uploadColumns.uploadId, field.uploadId), eq(uploadColumns.key, field.columnKey)))
    if (owner) {
      await mailer.send(
        autoRunPausedMail(owner.email, owner.name, column?.name ?? 'an AI column', paused.autoRunMonthlyCap ?? 0, `${env.PUBLIC_URL}/dashboard/${field.uploadId}`),
      )
    }
  } catch (error) {
    // The pause holds either way; the grid shows it.
    logger.warn({ event: 'enrichment.auto_run.mail_failed', fieldId: field.id, err: error })
  }
}
