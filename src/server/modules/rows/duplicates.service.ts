import { DUPLICATES_MESSAGES } from '#common/messages'
import {
  identifierKindOf,
  type DuplicatesPreview,
  type DuplicatesSpec,
  type RemoveDuplicatesResult,
} from '#common/schemas/duplicates'
import { db } from '#server/db/client'
import { AppError } from '#server/platform/app-error'
import { findDuplicateRows, type DedupeColumn } from '#server/modules/row-storage/duplicates-sql'
import { forEachSliceOf } from '#server/modules/row-storage/row-slices'
import { refreshUploadDuplicateLabels } from '#server/modules/uploads/duplicate-labels.service'
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
 * `POST /duplicates/remove`: finds the repeats again and deletes them, with their AI cells and the
 * upload's counts, a slice of rows per transaction (decision 032: on PGlite a transaction over the
 * whole file held every request behind it); the quality report's duplicate figures are counted
 * again, in slices too. When `expectedCount` (what the user was shown) no longer holds, nothing is
 * deleted. Two removals at once each delete the rows still there and answer what they deleted.
 */
export async function removeDuplicates({
  userId,
  uploadId,
  columns,
  keep,
  expectedCount,
}: { userId: string; uploadId: string; expectedCount?: number } & DuplicatesSpec): Promise<RemoveDuplicatesResult> {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const found = await findDuplicateRows(upload, { columns: await dedupeColumnsOrThrow(upload.id, columns), keep })
  if (expectedCount !== undefined && found.rowIndexes.length !== expectedCount) throw new AppError('CONFLICT', DUPLICATES_MESSAGES.changed)
  let result: RemoveDuplicatesResult = { deleted: 0, totalRows: upload.totalRows }
  await forEachSliceOf(found.rowIndexes, async (rowIndexes) => {
    const removed = await db.transaction((tx) => removeRows(tx, { userId, uploadId: upload.id, rowIndexes }))
    result = { deleted: result.deleted + removed.deleted, totalRows: removed.totalRows }
  })
  // The figures now, for the page that reloads after this answer (the job the deletion sent finds them current).
  if (result.deleted > 0) await refreshUploadDuplicateLabels({ uploadId: upload.id, quietMs: 0 })
  return result
}
