import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { db } from '#server/db/client'
import { csvUploads } from '#server/db/schema/index'
import type { DuplicateFigures } from '#common/schemas/duplicates'
import { DuplicateGroupsCount, figureColumnsOf, figuresAfter } from '#server/modules/row-storage/duplicate-groups'
import { refreshDuplicateLabels } from '#server/modules/row-storage/duplicate-labels'
import { publish } from '#server/platform/events'
import { logger } from '#server/platform/logger'

/**
 * The duplicate labels Magic Chat counts repeats by, written again after the rows changed: one
 * pass over the rows in slices (`refreshDuplicateLabels`), writing the labels that changed. The
 * quality report's duplicate figures are kept current by the writers themselves, from the rows
 * they touch (duplicate-figures.ts); this pass counts them over the whole file only when the
 * groups they move are missing or were counted for other columns (the first change after a
 * PostgreSQL import, a column renamed, added or deleted): then it fills the groups and writes the
 * figures. It waits until the file has had no change for `quietMs`: while a script is still adding
 * rows it answers how long to wait instead, and the job asks again then.
 */
export async function refreshUploadDuplicateLabels({ uploadId, quietMs }: { uploadId: string; quietMs: number }): Promise<{ retryInMs: number | null }> {
  const [upload] = await db
    .select({ id: csvUploads.id, status: csvUploads.status, updatedAt: csvUploads.updatedAt, groups: csvUploads.duplicateGroups })
    .from(csvUploads)
    .where(eq(csvUploads.id, uploadId))
  if (!upload || upload.status !== 'completed') return { retryInMs: null }
  const quietFor = Date.now() - upload.updatedAt.getTime()
  if (quietFor < quietMs) return { retryInMs: quietMs - quietFor }
  const columns = await figureColumnsOf(upload.id)
  if (upload.groups === columns.signature) {
    await refreshDuplicateLabels(upload.id)
    // Current already (the writers keep them); a column renamed since is named as it is now.
    await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ groups: csvUploads.duplicateGroups, figures: sql<DuplicateFigures | string | null>`${csvUploads.qualityMetrics} -> 'duplicates'` })
        .from(csvUploads)
        .where(eq(csvUploads.id, upload.id))
        .for('update')
      if (!locked || locked.figures === null || locked.groups !== columns.signature) return
      const figures = typeof locked.figures === 'string' ? (JSON.parse(locked.figures) as DuplicateFigures) : locked.figures
      const named = figuresAfter(columns, figures, { repeats: new Map(), shared: new Map() })
      await tx.update(csvUploads).set({ qualityMetrics: sql`jsonb_set(${csvUploads.qualityMetrics}, '{duplicates}', ${JSON.stringify(named)}::jsonb)` }).where(eq(csvUploads.id, upload.id))
    })
    return { retryInMs: null }
  }
  // Counted while no write moves the groups: a write meanwhile sees the mark, leaves the groups
  // alone, clears it and sends this job again (duplicate-figures.ts), so this count is not taken
  // for current (its figures are written all the same: the latest whole count) and the next counts again.
  const counting = `counting:${randomUUID()}`
  await db.update(csvUploads).set({ duplicateGroups: counting }).where(eq(csvUploads.id, upload.id))
  const count = new DuplicateGroupsCount(columns)
  await refreshDuplicateLabels(upload.id, count)
  await count.write(upload.id)
  const counted = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ groups: csvUploads.duplicateGroups, userId: csvUploads.userId })
      .from(csvUploads)
      .where(eq(csvUploads.id, upload.id))
      .for('update')
    if (!locked) return null
    const isCurrent = locked.groups === counting
    await tx
      .update(csvUploads)
      .set({
        qualityMetrics: sql`CASE WHEN ${csvUploads.qualityMetrics} IS NULL THEN NULL ELSE jsonb_set(${csvUploads.qualityMetrics}, '{duplicates}', ${JSON.stringify(count.figures())}::jsonb) END`,
        ...(isCurrent ? { duplicateGroups: columns.signature } : {}),
      })
      .where(eq(csvUploads.id, upload.id))
    return locked.userId
  })
  // An open page of the file reads the report again. A failure here changes nothing: the figures are stored.
  if (counted) {
    await publish(counted, { type: 'upload.report', uploadId: upload.id }).catch((error: unknown) =>
      logger.warn({ event: 'uploads.report_publish_failed', uploadId: upload.id, err: error }),
    )
  }
  return { retryInMs: null }
}
