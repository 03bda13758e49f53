import { eq, sql } from 'drizzle-orm'
import type { DuplicateFigures } from '#common/schemas/duplicates'
import { csvUploads } from '#server/db/schema/index'
import type { QueueTransaction } from '#server/platform/queue'
import {
  figureColumnsOf,
  figureValuesOfRows,
  figuresAfter,
  moveDuplicateGroups,
  type FigureColumns,
} from '#server/modules/row-storage/duplicate-groups'
import { refreshDuplicateLabelsLater } from './duplicate-labels.jobs.ts'

/**
 * The quality report's duplicate figures kept current by the writers (issue 44): a write of rows
 * (added, upserted, a cell edited, rows deleted) reads its rows' compared values before and after
 * it, moves them in the duplicate groups and changes the figures by what moved, in its own
 * transaction, under the upload's lock. Where the groups are not there to move (never counted
 * since the import on PostgreSQL, or counted for other columns), the write asks the labels job to
 * count the file once, in slices (decision 032), and the figures follow when it has run.
 */
export type DuplicateFiguresPending =
  | { kind: 'none' }
  | { kind: 'recount'; groups: string | null }
  | { kind: 'moved'; columns: FigureColumns; figures: DuplicateFigures; before: Array<[string, string]> }

/** Before a write of these rows, under the upload's lock (taken here if the write has not yet). */
export async function duplicateFiguresBefore(tx: QueueTransaction, uploadId: string, rowIndexes: readonly number[]): Promise<DuplicateFiguresPending> {
  const [locked] = await tx
    .select({ groups: csvUploads.duplicateGroups, figures: sql<DuplicateFigures | string | null>`${csvUploads.qualityMetrics} -> 'duplicates'` })
    .from(csvUploads)
    .where(eq(csvUploads.id, uploadId))
    .for('update')
  if (!locked || locked.figures === null) return { kind: 'none' }
  const columns = await figureColumnsOf(uploadId, tx)
  if (locked.groups !== columns.signature) return { kind: 'recount', groups: locked.groups }
  const figures = typeof locked.figures === 'string' ? (JSON.parse(locked.figures) as DuplicateFigures) : locked.figures
  return { kind: 'moved', columns, figures, before: await figureValuesOfRows(tx, uploadId, columns, rowIndexes) }
}

/** After the write: the rows' values now moved in, and the figures written; or the count asked for. */
export async function duplicateFiguresAfter(tx: QueueTransaction, uploadId: string, pending: DuplicateFiguresPending, rowIndexes: readonly number[]): Promise<void> {
  if (pending.kind === 'none') return
  if (pending.kind === 'recount') {
    // A count under way is not current any more: the job counts again after it.
    if (pending.groups !== null) await tx.update(csvUploads).set({ duplicateGroups: null }).where(eq(csvUploads.id, uploadId))
    await refreshDuplicateLabelsLater(tx, uploadId)
    return
  }
  const after = await figureValuesOfRows(tx, uploadId, pending.columns, rowIndexes)
  const change = await moveDuplicateGroups(tx, uploadId, pending.before, after)
  const figures = figuresAfter(pending.columns, pending.figures, change)
  await tx
    .update(csvUploads)
    .set({ qualityMetrics: sql`jsonb_set(${csvUploads.qualityMetrics}, '{duplicates}', ${JSON.stringify(figures)}::jsonb)` })
    .where(eq(csvUploads.id, uploadId))
}
