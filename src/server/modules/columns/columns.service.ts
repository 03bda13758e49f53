import { and, eq, sql } from 'drizzle-orm'
import { COLUMN_MESSAGES, DATE_ORDER_MESSAGES } from '#common/messages'
import type { AddColumnInput, ReorderColumnsInput, UpdateColumnInput } from '#common/schemas/rows'
import type { DateOrderCheck, UpdateDateOrderInput } from '#common/schemas/uploads'
import { db } from '#server/db/client'
import { aiFields, csvUploads, uploadColumns } from '#server/db/schema/index'
import { AppError } from '#server/platform/app-error'
import { getReadableUploadOrThrow, listColumns, toColumn } from '#server/modules/uploads/uploads.service'
import { dropDateSortIndex } from '#server/modules/row-storage/grid-indexes'
import { countDateOrderMisfits } from '#server/modules/row-storage/date-order-check'
import { columnCellsOf } from '#server/modules/row-storage/filled-cells'
import { reportFiguresSet } from '#server/modules/uploads/report-figures'
import { refreshDuplicateLabelsLater } from '#server/modules/uploads/duplicate-labels.jobs'
import { identifierKindOf } from '#common/schemas/duplicates'
import { addColumns, nameKeyOf, removeColumn, reorderColumns as reorderColumnRows, updateColumn as updateColumnRow } from '#server/modules/row-storage/column-store'
import { purgeColumnValues } from './columns.jobs.ts'
import { checkFormulaOrThrow, computeFormulaColumns, renameInFormulas, retypeFormulaReaders } from './formula-columns.ts'


/** Refuses a name another column of the upload already has (the AI column dialog checks it too). */
export async function assertNameFree(uploadId: string, name: string, exceptKey?: string) {
  const columns = await db.select().from(uploadColumns).where(eq(uploadColumns.uploadId, uploadId))
  const clash = columns.find((column) => column.key !== exceptKey && nameKeyOf(column.name) === nameKeyOf(name))
  if (!clash) return
  const message = clash.kind === 'ai' ? COLUMN_MESSAGES.aiNameConflict(name) : COLUMN_MESSAGES.columnNameConflict(name)
  throw new AppError('CONFLICT', message, { title: COLUMN_MESSAGES.nameConflictTitle })
}

/**
 * A further column an HTTP API column fills (a second path of its answer), or an AI column's JSON
 * field fills (`fieldsAsColumns`), goes with that column:
 * deleted alone, the request would fill a column that is gone.
 */
async function assertNotFilledByRequest(uploadId: string, key: string) {
  const [filler] = await db
    .select({ name: uploadColumns.name, isRequest: sql<boolean>`${aiFields.source} IS NOT NULL` })
    .from(aiFields)
    .innerJoin(uploadColumns, and(eq(uploadColumns.uploadId, aiFields.uploadId), eq(uploadColumns.key, aiFields.columnKey)))
    .where(
      and(
        eq(aiFields.uploadId, uploadId),
        sql`${aiFields.columnKey} <> ${key}`,
        sql`(${aiFields.source} -> 'outputs' @> ${JSON.stringify([{ columnKey: key }])}::jsonb OR ${aiFields.outputType} -> 'columns' @> ${JSON.stringify([{ columnKey: key }])}::jsonb)`,
      ),
    )
  if (filler) throw new AppError('CONFLICT', filler.isRequest ? COLUMN_MESSAGES.filledByRequest(filler.name) : COLUMN_MESSAGES.filledByAiColumn(filler.name))
}

async function touchUpload(uploadId: string) {
  await db.update(csvUploads).set({ updatedAt: new Date() }).where(eq(csvUploads.id, uploadId))
}

/**
 * A column the user adds: a manual one, empty in every row until edited and typed for editing and
 * sorting; or a formula column, typed by its formula and computed for every row before the answer,
 * in slices after the transaction that adds it (decision 032); if that fails, the column goes
 * again. A formula that does not read is a 422 pointing at the place.
 */
export async function addColumn({ userId, uploadId, ...input }: { userId: string; uploadId: string } & AddColumnInput) {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  await assertNameFree(upload.id, input.name)
  const column = await db.transaction(async (tx) => {
    if (!('formula' in input)) {
      const [added] = await addColumns(tx, upload.id, [{ name: input.name, type: input.type, kind: 'manual' }])
      // An identifying column: the report's duplicate figures are counted for it (issue 44).
      if (identifierKindOf(input.name)) await refreshDuplicateLabelsLater(tx, upload.id)
      return added!
    }
    const columns = await tx.select().from(uploadColumns).where(eq(uploadColumns.uploadId, upload.id))
    const { type } = checkFormulaOrThrow(input.formula, columns)
    const [added] = await addColumns(tx, upload.id, [{ name: input.name, type, kind: 'formula', formula: input.formula }])
    return added!
  })
  if (column.kind === 'formula') {
    try {
      await computeFormulaColumns({ uploadId: upload.id, keys: [column.key] })
    } catch (error) {
      await removeColumn(upload.id, column.key)
      await purgeColumnValues({ uploadId: upload.id, key: column.key })
      throw error
    }
  }
  await touchUpload(upload.id)
  return toColumn(column)
}

async function getColumnOrThrow(uploadId: string, key: string) {
  const [column] = await db
    .select()
    .from(uploadColumns)
    .where(and(eq(uploadColumns.uploadId, uploadId), eq(uploadColumns.key, key)))
  if (!column) throw new AppError('NOT_FOUND', COLUMN_MESSAGES.notFound)
  return column
}

export async function updateColumn({
  userId,
  uploadId,
  key,
  ...change
}: { userId: string; uploadId: string; key: string } & UpdateColumnInput) {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const column = await getColumnOrThrow(upload.id, key)
  if (change.name !== undefined) {
    if (change.name === column.name) throw new AppError('VALIDATION_FAILED', COLUMN_MESSAGES.renameUnchanged)
    await assertNameFree(upload.id, change.name, key)
  }
  if (change.formula !== undefined && column.kind !== 'formula') throw new AppError('VALIDATION_FAILED', COLUMN_MESSAGES.notAFormulaColumn)
  const { updated, recompute } = await db.transaction(async (tx) => {
    const columns = await tx.select().from(uploadColumns).where(eq(uploadColumns.uploadId, upload.id))
    const type = change.formula === undefined ? {} : { type: checkFormulaOrThrow(change.formula, columns, key).type }
    // Formulas naming the column by its old name are rewritten with the new one, before it changes.
    if (change.name !== undefined) await renameInFormulas({ uploadId: upload.id, key, newName: change.name }, tx)
    const row = await updateColumnRow(upload.id, key, { ...change, ...type }, tx)
    // A name that identifies a record, or did: the labels and the report's duplicate figures follow (issue 44).
    if (change.name !== undefined && (identifierKindOf(column.name) || identifierKindOf(change.name))) await refreshDuplicateLabelsLater(tx, upload.id)
    const recompute = change.formula === undefined ? [] : await retypeFormulaReaders({ uploadId: upload.id, key }, tx)
    return { updated: row!, recompute }
  })
  // The new formula's values, and its readers', in slices after the change (decision 032).
  if (recompute.length > 0) await computeFormulaColumns({ uploadId: upload.id, keys: recompute })
  if (change.name !== undefined || change.formula !== undefined) await touchUpload(upload.id)
  return toColumn(updated)
}

/**
 * The user's reading of a date column's day/month dates. Sorting, filters, plans and exports read
 * the column's order from upload_columns, so they all follow; the sort index of the old order goes.
 */
export async function setColumnDateOrder({
  userId,
  uploadId,
  key,
  order,
}: { userId: string; uploadId: string; key: string } & UpdateDateOrderInput) {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const column = await getColumnOrThrow(upload.id, key)
  if (column.type !== 'date') throw new AppError('VALIDATION_FAILED', DATE_ORDER_MESSAGES.notADateColumn)
  const updated = await updateColumnRow(upload.id, key, { dateOrder: order, dateOrderBasis: 'user' })
  if (column.dateOrder !== order) await dropDateSortIndex(upload.id, column)
  await touchUpload(upload.id)
  return toColumn(updated!)
}

/** Before a switch: how many of the column's dates cannot be read in `order` (the UI asks the user to confirm when some cannot). */
export async function checkColumnDateOrder({ userId, uploadId, key, order }: { userId: string; uploadId: string; key: string } & UpdateDateOrderInput): Promise<DateOrderCheck> {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const column = await getColumnOrThrow(upload.id, key)
  if (column.type !== 'date') throw new AppError('VALIDATION_FAILED', DATE_ORDER_MESSAGES.notADateColumn)
  return { order, ...(await countDateOrderMisfits(upload.id, key, order)) }
}

/** The grid's drag and drop order: every column key of the upload, each once. */
export async function reorderColumns({ userId, uploadId, keys }: { userId: string; uploadId: string } & ReorderColumnsInput) {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const current = await db.select({ key: uploadColumns.key }).from(uploadColumns).where(eq(uploadColumns.uploadId, upload.id))
  const known = new Set(current.map((column) => column.key))
  if (new Set(keys).size !== keys.length || keys.length !== known.size || keys.some((key) => !known.has(key))) {
    throw new AppError('CONFLICT', COLUMN_MESSAGES.unknownKeys)
  }
  await reorderColumnRows(upload.id, keys)
  return { columns: await listColumns(upload.id) }
}

export async function deleteColumn({ userId, uploadId, key }: { userId: string; uploadId: string; key: string }) {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const column = await getColumnOrThrow(upload.id, key)
  await assertNotFilledByRequest(upload.id, key)
  await db.transaction(async (tx) => {
    // Under the upload's lock, as the rows' writers change the report (issue 44): a column of the
    // file's own takes its cells and filled cells out of 'Filled cells X of Y' at once.
    const [locked] = await tx
      .select({ hasMetrics: sql<boolean>`${csvUploads.qualityMetrics} IS NOT NULL` })
      .from(csvUploads)
      .where(eq(csvUploads.id, upload.id))
      .for('update')
    await removeColumn(upload.id, key, tx)
    const cells = column.kind === 'source' && locked?.hasMetrics ? await columnCellsOf(tx, upload.id, key) : null
    await tx
      .update(csvUploads)
      .set({ ...(cells ? reportFiguresSet({ records: 0, filled: -cells.filled, cells: -cells.rows }) : {}), updatedAt: new Date() })
      .where(eq(csvUploads.id, upload.id))
  })
  // The values leave the rows in the background (then the duplicate figures are counted again:
  // whole rows and identity columns change with a column gone); the key is never given to another column.
  await purgeColumnValues({ uploadId: upload.id, key })
  return { columns: await listColumns(upload.id) }
}

export async function listUploadColumns({ userId, uploadId }: { userId: string; uploadId: string }) {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  return listColumns(upload.id)
}
