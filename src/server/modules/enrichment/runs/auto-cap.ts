import { and, eq, sql } from 'drizzle-orm'
import { AI_FIELD_MESSAGES } from '#common/messages'
import { db } from '#server/db/client'
import { aiFields, uploadColumns, user, type AiFieldRow } from '#server/db/schema/index'
import { env } from '#server/env'
import { publish } from '#server/platform/events'
import { logger } from '#server/platform/logger'
import { mailer } from '#server/platform/mail'
import { autoRunPausedMail } from '#server/platform/mail-templates'
import { endQueuedCells } from '#server/modules/row-storage/ai-cells'
import { recordEnrichedRows } from '../row-enriched.ts'

/**
 * The monthly cap of a column's 'Run on new rows' (issue 33): what auto-queued cells cost is
 * reserved from it when they are paid and given back when they are refused or refunded
 * (payment.ts); reaching it pauses the column's auto-runs until the next month or a higher cap.
 */

/** The calendar month (UTC) a column's auto-run spending counts in. */
export const monthOf = (date = new Date()) => date.toISOString().slice(0, 7)

/** Whether the column's auto-runs wait for next month (its cap was reached this month). */
export const isAutoRunPaused = (field: Pick<AiFieldRow, 'autoRunPausedAt' | 'autoRunMonth'>) =>
  field.autoRunPausedAt !== null && field.autoRunMonth === monthOf()

/**
 * The cap is reached: the column's auto-queued cells still waiting are not run ('Not run: ...
 * monthly credit cap'), their rows' events go out, and auto-runs pause until next month or a
 * higher cap. The first worker to get here tells the owner by e-mail; the grid shows the pause.
 */
export async function pauseAutoRuns(field: Pick<AiFieldRow, 'id' | 'userId' | 'uploadId' | 'columnKey'>) {
  const paused = await db.transaction(async (tx) => {
    const cancelled = await endQueuedCells(tx, { fieldId: field.id, status: 'cancelled', error: AI_FIELD_MESSAGES.autoRunCapReached, which: 'auto' })
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
