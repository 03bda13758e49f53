import { and, eq, sql } from 'drizzle-orm'
import { parseNumber } from '#common/cell-values'
import { AI_FIELD_MESSAGES } from '#common/messages'
import type { AiCellValue, AiFieldExampleList } from '#common/schemas/enrichment'
import type { GridRow } from '#common/schemas/rows'
import { db } from '#server/db/client'
import { aiFields, type AiFieldRow } from '#server/db/schema/index'
import { deleteCell, lockCellForCorrection, settleFollowerCells, writeCorrectedCell } from '#server/modules/row-storage/ai-cells'
import { rowValuesIn } from '#server/modules/row-storage/ai-values'
import { updateRowCell } from '#server/modules/row-storage/row-cells'
import { AppError } from '#server/platform/app-error'
import { publish } from '#server/platform/events'
import { logger } from '#server/platform/logger'
import type { QueueTransaction } from '#server/platform/queue'
import { getAiFieldRowOrThrow, inputColumnsOf } from './ai-fields.service.ts'
import { deleteFieldExample, hasFieldExamples, readFieldExamples, removeExampleOfRow, saveFieldExample } from './field-examples.ts'
import { recordEnrichedRows } from './row-enriched.ts'

/**
 * Columns that learn from corrections (issue 43, decision 038). A value the user writes in an AI
 * column's cell is kept: the cell is marked corrected (no run takes it again) and the value, with
 * the row's inputs, becomes one of the column's examples, which later calls send with the prompt
 * (runs/ai-source.ts). Emptying the cell takes both back.
 */

/** The AI column a cell edit corrects: a prompt column with one value (HTTP sources and JSON outputs fill their cells themselves). */
export async function correctionTargetOrThrow({ userId, uploadId, columnKey }: { userId: string; uploadId: string; columnKey: string }): Promise<AiFieldRow> {
  const [field] = await db
    .select()
    .from(aiFields)
    .where(and(eq(aiFields.uploadId, uploadId), eq(aiFields.columnKey, columnKey), eq(aiFields.userId, userId)))
  if (!field || field.source || field.outputType.kind === 'json') throw new AppError('VALIDATION_FAILED', AI_FIELD_MESSAGES.notCorrectable)
  return field
}

/** The cell's value as the model would have typed it: a number column holds numbers, a choice one of its choices. */
function typedValue(field: AiFieldRow, stored: string): AiCellValue {
  const output = field.outputType
  if (output.kind === 'number') return parseNumber(stored) ?? stored
  if (output.kind === 'boolean') return stored === 'true'
  if (output.kind === 'choice') {
    const choice = output.choices.find((c) => c.toLowerCase() === stored.trim().toLowerCase())
    if (!choice) throw new AppError('VALIDATION_FAILED', AI_FIELD_MESSAGES.notAChoice(output.choices))
    return choice
  }
  return stored
}

/**
 * Writes a correction in the caller's transaction (the cell edit's, rows.service.ts), `stored`
 * already checked against the column's type: the cell, the row's value and the example; an empty
 * value removes the cell and its example instead. A cell that was queued or running hands the rows
 * waiting on its answer to the next of them, and a row whose auto-run waited on it gets its
 * `row.enriched`. Answers the row, or null when it is gone.
 */
export async function writeCorrection(tx: QueueTransaction, { field, rowIndex, stored }: { field: AiFieldRow; rowIndex: number; stored: string }): Promise<GridRow | null> {
  const value = stored === '' ? null : typedValue(field, stored)
  // The cell first, then the row: the order a run's writer takes them in (cell-writes.ts), so the two never deadlock.
  const before = await lockCellForCorrection(tx, { fieldId: field.id, rowIndex })
  const row = await updateRowCell({ uploadId: field.uploadId, rowIndex, key: field.columnKey, value: value === null ? '' : String(value) }, tx)
  if (!row) return null
  if (before && (before.status === 'queued' || before.status === 'running')) {
    await settleFollowerCells(tx, { fieldId: field.id, doneLeaders: [], failedLeaders: [rowIndex] })
  }
  if (value === null) {
    await deleteCell(tx, { fieldId: field.id, rowIndex })
    await removeExampleOfRow(tx, { fieldId: field.id, rowIndex })
  } else {
    await writeCorrectedCell(tx, { fieldId: field.id, uploadId: field.uploadId, rowIndex, value })
    const keys = (await inputColumnsOf(field, tx)).map((c) => c.key)
    const data = (await rowValuesIn(tx, { uploadId: field.uploadId, rowIndexes: [rowIndex] })).get(rowIndex) ?? {}
    const inputs = Object.fromEntries(keys.map((key) => [key, data[key] ?? '']))
    await saveFieldExample(tx, { fieldId: field.id, userId: field.userId, rowIndex, inputs, value: String(value) })
  }
  // The examples are part of what the model is told: answers given before them are not reused.
  await tx.update(aiFields).set({ promptVersion: sql`${aiFields.promptVersion} + 1`, updatedAt: new Date() }).where(eq(aiFields.id, field.id))
  if (before?.auto) await recordEnrichedRows(tx, { userId: field.userId, uploadId: field.uploadId, rowIndexes: [rowIndex] })
  return row
}

/** After the commit: the open grids show the corrected cell and the column's counts. */
export async function announceCorrection(field: AiFieldRow, rowIndex: number, stored: string) {
  try {
    await publish(field.userId, {
      type: 'cell.updated',
      uploadId: field.uploadId,
      fieldId: field.id,
      columnKey: field.columnKey,
      cells: [{ rowIndex, status: 'done', display: stored, error: null, corrected: stored !== '' }],
    })
    // The column's counts (corrected among them) and its examples are read again.
    await publish(field.userId, { type: 'field.changed', uploadId: field.uploadId, fieldId: field.id, change: 'updated' })
  } catch (error) {
    logger.warn({ event: 'enrichment.correction_publish_failed', fieldId: field.id, err: error })
  }
}

/** The column's examples, newest first, its inputs under the columns' names now. */
export async function listFieldExamples({ userId, uploadId, fieldId }: { userId: string; uploadId: string; fieldId: string }): Promise<AiFieldExampleList> {
  const { field } = await getAiFieldRowOrThrow({ userId, uploadId, fieldId })
  return { examples: await readFieldExamples({ fieldId: field.id, userId, columns: await inputColumnsOf(field) }) }
}

/**
 * Removes one example: later calls no longer send it. Its cell stays corrected (the value is
 * still the user's; emptying the cell lets a run fill it again). Answers the examples left.
 */
export async function removeFieldExample({ userId, uploadId, fieldId, exampleId }: { userId: string; uploadId: string; fieldId: string; exampleId: string }): Promise<AiFieldExampleList> {
  const { field } = await getAiFieldRowOrThrow({ userId, uploadId, fieldId })
  if (!(await deleteFieldExample({ fieldId: field.id, userId, exampleId }))) throw new AppError('NOT_FOUND', AI_FIELD_MESSAGES.exampleNotFound)
  await db.update(aiFields).set({ promptVersion: sql`${aiFields.promptVersion} + 1`, updatedAt: new Date() }).where(eq(aiFields.id, field.id))
  return listFieldExamples({ userId, uploadId, fieldId })
}

/** 'Re-run with my corrections' needs examples to re-run with. */
export async function assertHasExamplesOrThrow(fieldId: string) {
  if (!(await hasFieldExamples(fieldId))) throw new AppError('BAD_REQUEST', AI_FIELD_MESSAGES.noExamples)
}
