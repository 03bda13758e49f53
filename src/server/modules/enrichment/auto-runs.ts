import type { AiFieldRow } from '#server/db/schema/index'
import { and, asc, eq, sql } from 'drizzle-orm'
import { aiFields } from '#server/db/schema/index'
import { autoRunScope, queueRunCells } from '#server/modules/row-storage/ai-values'
import { publish } from '#server/platform/events'
import { logger } from '#server/platform/logger'
import { hasPaidAccessNow } from '#server/modules/billing/payment-gate'
import type { QueueTransaction } from '#server/platform/queue'
import { inputColumnsOf, publishProgress } from './ai-fields.service.ts'
import { enqueueFieldRun } from './enrichment.jobs.ts'
import { isAutoRunPaused } from './runs/auto-cap.ts'
import { linkFollowers } from '#server/modules/row-storage/ai-cells'

/**
 * 'Run on new rows' (issue 33): rows added by API or in the grid are queued for every AI column
 * that has it on, in the transaction that adds them, in arrival order. A column with no run going
 * starts one over those rows ('new_rows'); a column already running takes them into its run. The
 * run rules stay those of any run (charged once per cell, refunds, retries, one call per distinct
 * input); what auto-queued cells cost is counted against the column's monthly cap (runs/auto-cap.ts).
 */

/** Cells an edit made stale: the auto-runs that cover stale rows take theirs again. */
export type StaleCell = { fieldId: string; rowIndex: number }

/**
 * Queues the new rows (and the stale cells, for columns that cover them) for the upload's
 * auto-run columns, in the caller's transaction; their workers are sent in it too, so the cells
 * and their jobs exist if and only if the rows do. Answers the fields that took rows, for the
 * caller to announce after its commit (`announceAutoRuns`).
 */
export async function queueAutoRuns(
  tx: QueueTransaction,
  { uploadId, addedRows, staleCells = [] }: { uploadId: string; addedRows: readonly number[]; staleCells?: readonly StaleCell[] },
): Promise<AiFieldRow[]> {
  if (addedRows.length === 0 && staleCells.length === 0) return []
  // Locked in a fixed order: a run ending (`finishRunIfDone`) waits for these cells, or they for it.
  const fields = await tx
    .select()
    .from(aiFields)
    .where(and(eq(aiFields.uploadId, uploadId), eq(aiFields.autoRun, true)))
    .orderBy(asc(aiFields.id))
    .for('update')
  if (fields.length === 0) return []
  // The gate before anything is queued (the rows are added either way): no plan, no auto-run.
  const owner = fields[0]!.userId
  if (!(await hasPaidAccessNow(owner, tx))) {
    logger.info({ event: 'enrichment.auto_run.no_access', uploadId, fields: fields.length })
    return []
  }
  const started: AiFieldRow[] = []
  for (const field of fields) {
    if (isAutoRunPaused(field)) continue
    const staleRows = field.autoRunStale ? staleCells.filter((cell) => cell.fieldId === field.id).map((cell) => cell.rowIndex) : []
    if (addedRows.length === 0 && staleRows.length === 0) continue
    const isRunning = field.status === 'processing' || field.status === 'paused'
    const runSeq = isRunning ? field.runSeq : field.runSeq + 1
    const inputs = await inputColumnsOf(field, tx)
    const queued = await queueRunCells(tx, autoRunScope({ uploadId, fieldId: field.id, addedRows, staleRows }), {
      fieldId: field.id,
      uploadId,
      runSeq,
      inputKeys: inputs.map((c) => c.key),
      auto: true,
    })
    if (queued.length === 0) continue
    await linkFollowers(tx, field.id)
    const [updated] = await tx
      .update(aiFields)
      .set(
        isRunning
          ? { runTotal: sql`${aiFields.runTotal} + ${queued.length}`, updatedAt: new Date() }
          : {
              status: 'processing',
              runSeq,
              runScope: 'new_rows',
              runTotal: queued.length,
              runBudget: null,
              runCreditsSpent: 0,
              runBudgetSpent: 0,
              runStopReason: null,
              runStartedAt: new Date(),
              runFinishedAt: null,
              runHeartbeatAt: null,
              updatedAt: new Date(),
            },
      )
      .where(eq(aiFields.id, field.id))
      .returning()
    // A run the user paused takes the rows and works on them when resumed.
    if (updated!.status === 'processing') await enqueueFieldRun(field.id, queued.length, tx)
    started.push(updated!)
  }
  return started
}

/** After the commit: grids showing these columns mark the cells that went stale. */
export async function announceStaleCells(userId: string, uploadId: string, fieldIds: ReadonlySet<string>) {
  for (const fieldId of fieldIds) {
    await publish(userId, { type: 'field.changed', uploadId, fieldId, change: 'stale' }).catch((error: unknown) =>
      logger.warn({ event: 'enrichment.stale_publish_failed', fieldId, err: error }),
    )
  }
}

/** After the commit: the grids' progress banners and cells show the rows queued. */
export async function announceAutoRuns(fields: readonly AiFieldRow[]) {
  for (const field of fields) {
    logger.info({ event: 'enrichment.auto_run.queued', fieldId: field.id, runTotal: field.runTotal })
    await publishProgress(field).catch((error: unknown) => logger.warn({ event: 'enrichment.auto_run.publish_failed', fieldId: field.id, err: error }))
  }
}
