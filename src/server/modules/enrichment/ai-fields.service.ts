import { and, asc, count, countDistinct, eq, inArray, sql } from 'drizzle-orm'
import { AI, CREDIT_COSTS } from '#common/constants'
import { AI_FIELD_MESSAGES, SOURCE_MESSAGES } from '#common/messages'
import type {
  AiCell,
  AiCellStatus,
  AiField,
  AiFieldCounts,
  AiOutputType,
  CreateAiFieldInput,
  UpdateAiFieldInput,
} from '#common/schemas/enrichment'
import type { ColumnType } from '#common/schemas/uploads'
import { db, type Database } from '#server/db/client'
import { aiCells, aiFields, csvUploads, uploadColumns, type AiFieldRow } from '#server/db/schema/index'
import { getCreditBalance } from '#server/modules/billing/credits.service'
import { assertPaidAccessOrThrow } from '#server/modules/billing/payment-gate'
import { assertAiFieldCapacityOrThrow } from '#server/modules/billing/subscriptions.service'
import { assertNameFree, deleteColumn } from '#server/modules/columns/columns.service'
import { purgeValues } from '#server/modules/columns/columns.jobs'
import { getReadableUploadOrThrow } from '#server/modules/uploads/uploads.service'
import { AppError } from '#server/platform/app-error'
import { publish } from '#server/platform/events'
import { deleteFieldCells, markDoneCellsStale } from '#server/modules/row-storage/ai-cells'
import { addColumns, updateColumn } from '#server/modules/row-storage/column-store'
import { resolvePlaceholders, type PromptColumn } from './lib/render-prompt.ts'
import { isAutoRunPaused, monthOf } from './runs/auto-cap.ts'
import { recordEnrichedRows } from './row-enriched.ts'
import { rowValuesOf } from './runs/row-values.ts'
import { editedOutputOrThrow, extraColumnKeysOf, withoutFieldColumns } from './field-columns.ts'

type CellRow = typeof aiCells.$inferSelect

const CELL_STATUSES: AiCellStatus[] = ['queued', 'running', 'done', 'error', 'no_credits', 'stale', 'cancelled']

/** The grid sorts and filters an AI column by its output: numbers as numbers, booleans as booleans. */
export function columnTypeOf(output: AiOutputType): ColumnType {
  if (output.kind === 'number') return 'number'
  if (output.kind === 'boolean') return 'boolean'
  return 'text'
}

export async function countCells(fieldIds: string[]): Promise<Map<string, AiFieldCounts>> {
  const result = new Map<string, AiFieldCounts>()
  for (const id of fieldIds) result.set(id, { ...Object.fromEntries(CELL_STATUSES.map((s) => [s, 0])), total: 0, corrected: 0 } as AiFieldCounts)
  if (fieldIds.length === 0) return result
  const rows = await db
    .select({ fieldId: aiCells.fieldId, status: aiCells.status, n: count(), corrected: sql<number | string>`count(*) FILTER (WHERE ${aiCells.corrected})` })
    .from(aiCells)
    .where(inArray(aiCells.fieldId, fieldIds))
    .groupBy(aiCells.fieldId, aiCells.status)
  for (const row of rows) {
    const counts = result.get(row.fieldId)!
    counts[row.status] = Number(row.n)
    counts.total += Number(row.n)
    counts.corrected += Number(row.corrected)
  }
  return result
}

export function toAiField(row: AiFieldRow, name: string, counts: AiFieldCounts): AiField {
  const queuedOrRunning = counts.queued + counts.running
  return {
    id: row.id,
    uploadId: row.uploadId,
    columnKey: row.columnKey,
    name,
    prompt: row.prompt,
    promptVersion: row.promptVersion,
    outputType: row.outputType,
    webSearch: row.webSearch,
    source: row.source,
    status: row.status,
    counts,
    totalRows: row.runTotal,
    processedRows: Math.max(0, row.runTotal - queuedOrRunning),
    run: row.runStartedAt
      ? {
          scope: row.runScope ?? 'all',
          total: row.runTotal,
          budget: row.runBudget,
          creditsSpent: row.runCreditsSpent,
          startedAt: row.runStartedAt.toISOString(),
          finishedAt: row.runFinishedAt?.toISOString() ?? null,
          stopReason: row.runStopReason,
        }
      : null,
    autoRun: {
      enabled: row.autoRun,
      coverStale: row.autoRunStale,
      monthlyCap: row.autoRunMonthlyCap,
      spentThisMonth: row.autoRunMonth === monthOf() ? row.autoRunSpent : 0,
      pausedAt: isAutoRunPaused(row) ? row.autoRunPausedAt!.toISOString() : null,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** A cell as answers show it; `display` is what its field's own column shows (an HTTP request filling several columns keeps all of them in `value`). */
export function toAiCell(row: CellRow, field: Pick<AiFieldRow, 'columnKey' | 'source' | 'outputType'>): AiCell {
  const isDone = row.status === 'done' || row.status === 'stale'
  return {
    fieldId: row.fieldId,
    rowIndex: row.rowIndex,
    status: row.status,
    value: row.value ?? null,
    display: isDone ? (rowValuesOf(field, [{ rowIndex: row.rowIndex, value: row.value ?? null }]).get(field.columnKey)?.[0]?.display ?? '') : null,
    error: row.error,
    attempts: row.attempts,
    // A cell that ended without a value still shows the steps it went through (and what they cost).
    provenance:
      row.model && ((isDone && row.completedAt) || (!isDone && (row.steps?.length ?? 0) > 0))
        ? {
            reasoning: row.reasoning,
            confidence: row.confidence,
            sources: row.sources ?? [],
            provider: row.provider ?? '',
            model: row.model,
            promptVersion: row.promptVersion ?? 0,
            inputHash: row.inputHash ?? '',
            tokens: { input: row.inputTokens ?? 0, output: row.outputTokens ?? 0, cached: row.cachedTokens },
            credits: row.credits,
            latencyMs: row.latencyMs ?? 0,
            reused: row.reused,
            ownKey: row.ownKey,
            completedAt: (row.completedAt ?? row.updatedAt).toISOString(),
            steps: row.steps ?? null,
          }
        : null,
    corrected: row.corrected,
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Columns a prompt may refer to: every column but the field's own. */
async function promptColumnsOf(uploadId: string, exceptKey?: string, executor: Pick<Database, 'select'> = db): Promise<PromptColumn[]> {
  const columns = await executor
    .select({ key: uploadColumns.key, name: uploadColumns.name })
    .from(uploadColumns)
    .where(eq(uploadColumns.uploadId, uploadId))
    .orderBy(asc(uploadColumns.position))
  return columns.filter((c) => c.key !== exceptKey)
}

const refuseUnknownColumns = (unknown: string[]) => {
  if (unknown.length > 0) throw new AppError('VALIDATION_FAILED', AI_FIELD_MESSAGES.unknownColumns(unknown), { unknownColumns: unknown })
}

/**
 * The columns a new prompt's call reads, from one read of the file's columns: those it names, or
 * with no placeholder the whole row (as in a run). Names that are no column are refused.
 */
export async function promptInputsOrThrow(uploadId: string, prompt: string): Promise<PromptColumn[]> {
  const columns = await promptColumnsOf(uploadId)
  const { referenced, unknown } = resolvePlaceholders(prompt, columns)
  refuseUnknownColumns(unknown)
  return referenced.length > 0 ? referenced : columns
}

/** The columns a prompt uses; names that are no column are refused with the list of them. */
export async function referencedColumnsOrThrow(uploadId: string, prompt: string, ownKey?: string) {
  const { referenced, unknown } = resolvePlaceholders(prompt, await promptColumnsOf(uploadId, ownKey))
  if (ownKey) {
    const own = await db
      .select({ name: uploadColumns.name })
      .from(uploadColumns)
      .where(and(eq(uploadColumns.uploadId, uploadId), eq(uploadColumns.key, ownKey)))
    if (own[0] && unknown.some((n) => n.toLowerCase() === own[0]!.name.trim().toLowerCase())) {
      throw new AppError('VALIDATION_FAILED', AI_FIELD_MESSAGES.selfReference)
    }
  }
  refuseUnknownColumns(unknown)
  return referenced
}

/** A field of an upload the user owns. */
export async function getAiFieldRowOrThrow({ userId, uploadId, fieldId }: { userId: string; uploadId: string; fieldId: string }) {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const [row] = await db
    .select({ field: aiFields, name: uploadColumns.name })
    .from(aiFields)
    .innerJoin(uploadColumns, and(eq(uploadColumns.uploadId, aiFields.uploadId), eq(uploadColumns.key, aiFields.columnKey)))
    .where(and(eq(aiFields.id, fieldId), eq(aiFields.uploadId, upload.id), eq(aiFields.userId, userId)))
  if (!row) throw new AppError('NOT_FOUND', AI_FIELD_MESSAGES.fieldNotFound)
  return { upload, field: row.field, name: row.name }
}

export async function getAiField(input: { userId: string; uploadId: string; fieldId: string }): Promise<AiField> {
  const { field, name } = await getAiFieldRowOrThrow(input)
  return toAiField(field, name, (await countCells([field.id])).get(field.id)!)
}

export async function listAiFields({ userId, uploadId }: { userId: string; uploadId: string }) {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const rows = await db
    .select({ field: aiFields, name: uploadColumns.name })
    .from(aiFields)
    .innerJoin(uploadColumns, and(eq(uploadColumns.uploadId, aiFields.uploadId), eq(uploadColumns.key, aiFields.columnKey)))
    .where(and(eq(aiFields.uploadId, upload.id), eq(aiFields.userId, userId)))
    .orderBy(asc(uploadColumns.position))
  const counts = await countCells(rows.map((r) => r.field.id))
  return {
    fields: rows.map((r) => toAiField(r.field, r.name, counts.get(r.field.id)!)),
    enrichedRows: await countEnrichedRows({ userId, uploadId: upload.id }),
  }
}

/** Rows with at least one AI value (the dashboard's 'Rows enriched' and the AI Enrichment card). */
export async function countEnrichedRows({ userId, uploadId }: { userId: string; uploadId?: string }): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(sql`(${aiCells.uploadId}, ${aiCells.rowIndex})`) })
    .from(aiCells)
    .innerJoin(aiFields, eq(aiFields.id, aiCells.fieldId))
    .where(and(eq(aiFields.userId, userId), eq(aiCells.status, 'done'), uploadId ? eq(aiCells.uploadId, uploadId) : undefined))
  return Number(row?.n ?? 0)
}

/**
 * Adds an AI column (and its 'Run on new rows' settings) in one transaction. Its run is started
 * apart (`startRun`); REST and MCP both come through `createAiColumn` (ai-columns.service.ts).
 */
export async function createAiField({ userId, uploadId, name, prompt, outputType: given, webSearch, autoRun, fieldsAsColumns = false }: { userId: string; uploadId: string } & CreateAiFieldInput) {
  await assertPaidAccessOrThrow({ userId, details: { source: 'service', operation: 'create_ai_column' } })
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  if (fieldsAsColumns && given.kind !== 'json') throw new AppError('VALIDATION_FAILED', AI_FIELD_MESSAGES.fieldsAsColumnsNeedJson)
  const output = withoutFieldColumns(given)
  const jsonFields = fieldsAsColumns && output.kind === 'json' ? output.fields : []
  const [existing] = await db.select({ n: count() }).from(aiFields).where(eq(aiFields.uploadId, upload.id))
  await assertAiFieldCapacityOrThrow({ userId, existingFields: Number(existing?.n ?? 0) })
  await assertNameFree(upload.id, name)
  for (const jsonField of jsonFields) await assertNameFree(upload.id, jsonField.name)
  const referenced = await referencedColumnsOrThrow(upload.id, prompt)
  const field = await db.transaction(async (tx) => {
    // The field's own column, then one typed column per JSON field (adjacent: they read as one group).
    const [column, ...fieldColumns] = await addColumns(tx, upload.id, [
      { name, type: columnTypeOf(output), kind: 'ai' },
      ...jsonFields.map((f) => ({ name: f.name, type: f.type, kind: 'ai' as const })),
    ])
    const columnKey = column!.key
    const outputType = output.kind === 'json' && jsonFields.length > 0 ? { ...output, columns: jsonFields.map((f, i) => ({ field: f.name, columnKey: fieldColumns[i]!.key })) } : output
    const [row] = await tx
      .insert(aiFields)
      .values({ uploadId: upload.id, userId, columnKey, prompt, outputType, webSearch, referencedKeys: referenced.map((c) => c.key), ...autoRunChange(autoRun) })
      .returning()
    await tx.update(csvUploads).set({ updatedAt: new Date() }).where(eq(csvUploads.id, upload.id))
    return row!
  })
  await publish(userId, { type: 'field.changed', uploadId: upload.id, fieldId: field.id, change: 'created' })
  return toAiField(field, name, (await countCells([field.id])).get(field.id)!)
}

function isSameOutput(a: AiOutputType, b: AiOutputType) {
  return JSON.stringify(a) === JSON.stringify(b)
}

/**
 * A new prompt, output type or web-search setting is a new prompt version: done cells become
 * stale (shown in the grid) and are re-run only when the user asks, estimate first.
 */
export async function updateAiField({ userId, uploadId, fieldId, ...edit }: { userId: string; uploadId: string; fieldId: string } & UpdateAiFieldInput) {
  const { upload, field, name } = await getAiFieldRowOrThrow({ userId, uploadId, fieldId })
  const change = edit.outputType === undefined ? edit : { ...edit, outputType: editedOutputOrThrow(field.outputType, edit.outputType) }
  // Turning 'Run on new rows' on commits credits to come: the gate first (turning it off never is).
  if (change.autoRun?.enabled === true) await assertPaidAccessOrThrow({ userId, details: { source: 'service', operation: 'auto_run_on' } })
  const changesAnswers =
    (change.prompt !== undefined && change.prompt !== field.prompt) ||
    (change.outputType !== undefined && !isSameOutput(change.outputType, field.outputType)) ||
    (change.webSearch !== undefined && change.webSearch !== field.webSearch)
  if (changesAnswers && field.source) throw new AppError('VALIDATION_FAILED', SOURCE_MESSAGES.notAiField)
  if (changesAnswers && field.status === 'processing') throw new AppError('CONFLICT', AI_FIELD_MESSAGES.runActive)
  const isRenamed = change.name !== undefined && change.name.trim().toLowerCase() !== name.trim().toLowerCase()
  if (change.name !== undefined && change.name !== name) await assertNameFree(upload.id, change.name, field.columnKey)
  const prompt = change.prompt ?? field.prompt
  const outputType = change.outputType ?? field.outputType
  const referenced = changesAnswers ? await referencedColumnsOrThrow(upload.id, prompt, field.columnKey) : null
  let staled = 0
  const updated = await db.transaction(async (tx) => {
    if (change.name !== undefined || change.outputType !== undefined) {
      await updateColumn(upload.id, field.columnKey, { name: change.name ?? name, type: columnTypeOf(outputType) }, tx)
    }
    const [row] = await tx
      .update(aiFields)
      .set({
        prompt,
        outputType,
        webSearch: change.webSearch ?? field.webSearch,
        ...(referenced ? { referencedKeys: referenced.map((c) => c.key), promptVersion: field.promptVersion + 1 } : {}),
        ...autoRunChange(change.autoRun),
        updatedAt: new Date(),
      })
      .where(eq(aiFields.id, field.id))
      .returning()
    if (changesAnswers) {
      staled = await markDoneCellsStale(tx, field.id)
    }
    return row!
  })
  if (isRenamed || changesAnswers) await db.update(csvUploads).set({ updatedAt: new Date() }).where(eq(csvUploads.id, upload.id))
  await publish(userId, { type: 'field.changed', uploadId: upload.id, fieldId: field.id, change: staled > 0 ? 'stale' : 'updated' })
  return toAiField(updated, change.name ?? name, (await countCells([field.id])).get(field.id)!)
}

/**
 * 'Run on new rows' settings: a change of the cap, or turning auto-runs on, lifts a pause (the
 * month's spending stays counted against the new cap).
 */
export function autoRunChange(autoRun: UpdateAiFieldInput['autoRun']) {
  if (!autoRun) return {}
  const liftsPause = autoRun.monthlyCap !== undefined || autoRun.enabled === true
  return {
    ...(autoRun.enabled !== undefined ? { autoRun: autoRun.enabled } : {}),
    ...(autoRun.coverStale !== undefined ? { autoRunStale: autoRun.coverStale } : {}),
    ...(autoRun.monthlyCap !== undefined ? { autoRunMonthlyCap: autoRun.monthlyCap } : {}),
    ...(liftsPause ? { autoRunPausedAt: null } : {}),
  }
}

/** Deletes the field, its cells and its column; its values leave the rows in the background (columns module). */
export async function deleteAiField({ userId, uploadId, fieldId }: { userId: string; uploadId: string; fieldId: string }) {
  const { upload, field } = await getAiFieldRowOrThrow({ userId, uploadId, fieldId })
  // The column's deletion cascades to the field and its cells; a worker on its run finds it gone and
  // stops. The further columns an HTTP request filled go with it.
  let { columns } = await deleteColumn({ userId, uploadId: upload.id, key: field.columnKey })
  for (const key of extraColumnKeysOf(field)) {
    if (columns.some((c) => c.key === key)) ({ columns } = await deleteColumn({ userId, uploadId: upload.id, key }))
  }
  // Rows that waited only on this column's auto-run cells are now enriched by the others.
  await db.transaction((tx) => recordEnrichedRows(tx, { userId, uploadId: upload.id }))
  await publish(userId, { type: 'field.changed', uploadId: upload.id, fieldId: field.id, change: 'deleted' })
  return { columns }
}

/** 'Clear' (001 §2): every cell of the column emptied, the prompt kept. Not while it runs. */
export async function clearAiField({ userId, uploadId, fieldId }: { userId: string; uploadId: string; fieldId: string }) {
  const { upload, field, name } = await getAiFieldRowOrThrow({ userId, uploadId, fieldId })
  if (field.status === 'processing' || field.status === 'paused') throw new AppError('CONFLICT', AI_FIELD_MESSAGES.runActive)
  await deleteFieldCells(field.id)
  const [row] = await db
    .update(aiFields)
    .set({ status: 'idle', runTotal: 0, runCreditsSpent: 0, runBudgetSpent: 0, runStartedAt: null, runFinishedAt: null, runStopReason: null, runScope: null, updatedAt: new Date() })
    .where(eq(aiFields.id, field.id))
    .returning()
  for (const key of [field.columnKey, ...extraColumnKeysOf(field)]) await purgeValues({ uploadId: upload.id, key })
  await publish(userId, { type: 'field.changed', uploadId: upload.id, fieldId: field.id, change: 'cleared' })
  return toAiField(row!, name, (await countCells([field.id])).get(field.id)!)
}

/** The cells of the rows on screen (status, value, provenance). */
export async function listAiCells({ userId, uploadId, fieldId, rowIndexes }: { userId: string; uploadId: string; fieldId: string; rowIndexes: number[] }) {
  const { field } = await getAiFieldRowOrThrow({ userId, uploadId, fieldId })
  const rows = await db
    .select()
    .from(aiCells)
    .where(and(eq(aiCells.fieldId, field.id), inArray(aiCells.rowIndex, rowIndexes.slice(0, AI.claimBatchSize * 8))))
    .orderBy(asc(aiCells.rowIndex))
  return { cells: rows.map((row) => toAiCell(row, field)) }
}

export async function getAiCellOrThrow(input: { userId: string; uploadId: string; fieldId: string; rowIndex: number }) {
  const { field } = await getAiFieldRowOrThrow(input)
  const [row] = await db.select().from(aiCells).where(and(eq(aiCells.fieldId, field.id), eq(aiCells.rowIndex, input.rowIndex)))
  if (!row) throw new AppError('NOT_FOUND', AI_FIELD_MESSAGES.rowNotFound)
  return toAiCell(row, field)
}

/**
 * The columns a field's answer depends on: those its prompt or request names; a prompt that names
 * none reads every other column (an HTTP request that names none is one request for every row).
 */
export async function inputColumnsOf(
  field: Pick<AiFieldRow, 'uploadId' | 'columnKey' | 'referencedKeys' | 'source'>,
  executor: Pick<Database, 'select'> = db,
): Promise<PromptColumn[]> {
  const columns = await promptColumnsOf(field.uploadId, field.columnKey, executor)
  if (field.referencedKeys.length === 0) return field.source ? [] : columns
  return field.referencedKeys.flatMap((key) => columns.filter((c) => c.key === key))
}

export const creditsPerCell = (webSearch: boolean) => (webSearch ? CREDIT_COSTS.webSearchEnrichment : CREDIT_COSTS.basicEnrichment)

/** Tells the user's open pages where a run stands (the progress banner) and what their balance is now (the credit badge). */
export async function publishProgress(field: AiFieldRow) {
  const counts = (await countCells([field.id])).get(field.id)!
  const creditBalance = await getCreditBalance({ userId: field.userId })
  await publish(field.userId, {
    type: 'field.progress',
    uploadId: field.uploadId,
    fieldId: field.id,
    status: field.status,
    processedRows: Math.max(0, field.runTotal - counts.queued - counts.running),
    totalRows: field.runTotal,
    done: counts.done,
    errors: counts.error,
    noCredits: counts.no_credits,
    creditsSpent: field.runCreditsSpent,
    stopReason: field.runStopReason,
    creditBalance,
  })
  return counts
}
