import { and, eq, sql } from 'drizzle-orm'
import { db } from '#server/db/client'
import { csvUploads } from '#server/db/schema/index'
import { refreshDuplicateLabels } from '#server/modules/row-storage/duplicate-labels'

/**
 * The duplicate labels Magic Chat counts repeats by, and the quality report's duplicate figures,
 * written again after the rows changed: one pass over the rows in slices (`refreshDuplicateLabels`),
 * writing the labels that changed. Only the figures change in the report: `jsonb_set` leaves the
 * rest as the import wrote it. It waits until the file has had no change for `quietMs`: while a
 * script is still adding rows it answers how long to wait instead, and the job asks again then.
 */
export async function refreshUploadDuplicateLabels({ uploadId, quietMs }: { uploadId: string; quietMs: number }): Promise<{ retryInMs: number | null }> {
  const [upload] = await db
    .select({ id: csvUploads.id, status: csvUploads.status, updatedAt: csvUploads.updatedAt })
    .from(csvUploads)
    .where(eq(csvUploads.id, uploadId))
  if (!upload || upload.status !== 'completed') return { retryInMs: null }
  const quietFor = Date.now() - upload.updatedAt.getTime()
  if (quietFor < quietMs) return { retryInMs: quietMs - quietFor }
  const duplicates = await refreshDuplicateLabels(upload.id)
  await db
    .update(csvUploads)
    .set({ qualityMetrics: sql`jsonb_set(${csvUploads.qualityMetrics}, '{duplicates}', ${JSON.stringify(duplicates)}::jsonb)` })
    .where(and(eq(csvUploads.id, uploadId), sql`${csvUploads.qualityMetrics} IS NOT NULL`))
  return { retryInMs: null }
}
