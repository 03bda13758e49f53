import { and, eq } from 'drizzle-orm'
import { DUPLICATES_MESSAGES } from '#common/messages'
import {
  identifierKindOf,
  identifyingColumnsOf,
  type DuplicatesPreview,
  type DuplicatesSpec,
  type RemoveDuplicatesResult,
} from '#common/schemas/duplicates'
import { db } from '#server/db/client'
import { csvUploads } from '#server/db/schema/index'
import { AppError } from '#server/platform/app-error'
import { countDuplicates, findDuplicateRows, type DedupeColumn } from '#server/modules/row-storage/duplicates-sql'
import { storedColumnsOf } from '#server/modules/row-storage/row-reader'
import { getReadableUploadOrThrow } from '#server/modules/uploads/uploads.service'
import { removeRows } from './rows.service.ts'

/** The chosen columns with how each compares; an unknown key is the user's stale page (422). */
async function dedupeColumnsOrThrow(uploadId: string, columns: DuplicatesSpec['columns']): Promise<'all' | DedupeColumn[]> {
  if (columns === 'all') return 'all'
  const stored = new Map((await storedColumnsOf(uploadId)).map((column) => [column.key, column]))
  return [...new Set(columns)].map((key) => {
    const column = stored.get(key)
    if (!column) throw new AppError('VALIDATION_FAILED', 'This column no longer exists. Refresh the page and try again.')
    return { key, kind: identifierKindOf(column.name) ?? 'text' }
  })
}

/** `POST /duplicates/preview`: what 'Remove duplicates' would delete, nothing deleted. */
export async function previewDuplicates({ userId, uploadId, columns, keep }: { userId: string; uploadId: string } & DuplicatesSpec): Promise<DuplicatesPreview> {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const found = await findDuplicateRows(upload, { columns: await dedupeColumnsOrThrow(upload.id, columns), keep })
  return { duplicateRows: found.rowIndexes.length, groups: found.groups, totalRows: upload.validRows, rowIndexes: found.rowIndexes }
}

/**
 * `POST /duplicates/remove`: finds the repeats again and deletes them in one transaction, with
 * their AI cells and the upload's counts; the quality report's duplicate figures are counted
 * again. When `expectedCount` (what the user was shown) no longer holds, nothing is deleted.
 */
export async function removeDuplicates({
  userId,
  uploadId,
  columns,
  keep,
  expectedCount,
}: { userId: string; uploadId: string; expectedCount?: number } & DuplicatesSpec): Promise<RemoveDuplicatesResult> {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const dedupe = await dedupeColumnsOrThrow(upload.id, columns)
  // Read before the transaction: on PGlite a statement outside it would wait for it to end.
  const identifying = identifyingColumnsOf(await storedColumnsOf(upload.id))
  return db.transaction(async (tx) => {
    // One removal of an upload's duplicates at a time: a second waits, then finds none left.
    await tx.select({ id: csvUploads.id }).from(csvUploads).where(and(eq(csvUploads.id, upload.id), eq(csvUploads.userId, userId))).for('update')
    const found = await findDuplicateRows(upload, { columns: dedupe, keep }, tx)
    if (expectedCount !== undefined && found.rowIndexes.length !== expectedCount) throw new AppError('CONFLICT', DUPLICATES_MESSAGES.changed)
    const result = await removeRows(tx, { userId, uploadId: upload.id, rowIndexes: found.rowIndexes })
    if (upload.qualityMetrics) {
      const duplicates = await countDuplicates(upload, identifying, tx)
      await tx
        .update(csvUploads)
        .set({ qualityMetrics: { ...upload.qualityMetrics, duplicates } })
        .where(eq(csvUploads.id, upload.id))
    }
    return result
  })
}
