import { createHash } from 'node:crypto'
import { and, asc, eq, lt, sql } from 'drizzle-orm'
import { MAX_IMPORT_COLUMNS, ROWS_API } from '#common/constants'
import { isUnstorable } from '#common/input-bounds'
import { COLUMN_MESSAGES, REQUEST_MESSAGES, ROWS_API_MESSAGES } from '#common/messages'
import type { AddedRow, AddRowsResult } from '#common/schemas/rows'
import type { ColumnKind } from '#common/schemas/uploads'
import { db } from '#server/db/client'
import { csvUploads, rowAdditionKeys, uploadColumns } from '#server/db/schema/index'
import { ensureColumns, nameKeyOf } from '#server/modules/row-storage/column-store'
import { retryOnDeadlock } from '#server/db/deadlock-retry'
import { AppError } from '#server/platform/app-error'
import { publish } from '#server/platform/events'
import { logger } from '#server/platform/logger'
import { refreshFormulaValues } from '#server/modules/columns/formula-columns'
import { appendRows, findRowsByKey, mergeIntoRows, type RowData } from '#server/modules/row-storage/row-append'
import { filledCellsOf, reportCellsPerRow } from '#server/modules/row-storage/filled-cells'
import { reportFiguresSet } from '#server/modules/uploads/report-figures'
import { readCsvBody } from '#server/modules/uploads/read-csv-body'
import { UPLOAD_NOT_FOUND } from '#server/modules/uploads/upload-id-param'
import { getReadableUploadOrThrow } from '#server/modules/uploads/uploads.service'
import { refreshDuplicateLabelsLater } from '#server/modules/uploads/duplicate-labels.jobs'
import { duplicateFiguresAfter, duplicateFiguresBefore } from '#server/modules/uploads/duplicate-figures'
import { announceAutoRuns, announceStaleCells, queueAutoRuns } from '#server/modules/enrichment/auto-runs'
import { staleCellsOfChanges } from '#server/modules/row-storage/ai-values'

/**
 * Rows added by API (issue 33): `POST /api/uploads/:id/rows`, and the MCP server's `add_rows`
 * tool, which calls `addRows` with the same arguments. Values arrive under column names; each
 * door only translates its body into `AddRowsRequest`.
 */

/** JSON rows keyed by column name, or a CSV body's bytes (read by the importer, first line the header). */
export type AddRowsBody = { rows: AddedRow[] } | { csv: Uint8Array }

export type AddRowsRequest = {
  userId: string
  uploadId: string
  body: AddRowsBody
  /** Names the file lacks become new text columns; without it they are a 422 listing the file's columns. */
  addColumns?: boolean
  /** A column's name: a row whose value there matches (as plans compare text) is updated instead of added. */
  upsert?: string
  /** A retry with the same key (per user, ROWS_API.idempotencyHours) answers the first call's result. */
  idempotencyKey?: string
}

type Column = { key: string; name: string; kind: ColumnKind }

/** The request as a table: names in order of first appearance, each row's values by name position (null empties). */
type Table = { names: string[]; rows: Array<Array<string | null | undefined>>; skippedRows: number }

/** Names are matched as the app matches them (columns.service): case and outer spaces aside. */

const IDEMPOTENCY_KEY_PATTERN = new RegExp(`^[\\x21-\\x7e]{1,${ROWS_API.maxIdempotencyKeyChars}}$`)

/** A cell's text: numbers as JSON writes them, booleans as true/false, null and '' empty. */
function cellText(value: AddedRow[string], path: string): string | null {
  if (value === null) return null
  if (typeof value === 'string') {
    if (isUnstorable(value)) throw new AppError('VALIDATION_FAILED', `${path} ${REQUEST_MESSAGES.unstorableCharacter}`)
    return value === '' ? null : value
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  throw new AppError('VALIDATION_FAILED', `${path}: ${ROWS_API_MESSAGES.valueTypeAny}`)
}

function tableOfJson(rows: AddedRow[]): Table {
  const names: string[] = []
  const positions = new Map<string, number>()
  const table: Table['rows'] = []
  rows.forEach((row, i) => {
    if (!row || typeof row !== 'object' || Array.isArray(row)) throw new AppError('VALIDATION_FAILED', `rows.${i}: ${ROWS_API_MESSAGES.notARow}`)
    const cells: Table['rows'][number] = []
    const seen = new Set<string>()
    for (const [name, value] of Object.entries(row)) {
      const key = nameKeyOf(name)
      if (key === '') throw new AppError('VALIDATION_FAILED', `rows.${i}: ${ROWS_API_MESSAGES.blankColumnName}`)
      if (isUnstorable(name)) throw new AppError('VALIDATION_FAILED', `rows.${i}: ${REQUEST_MESSAGES.unstorableCharacter}`)
      if (seen.has(key)) throw new AppError('VALIDATION_FAILED', `rows.${i}: ${ROWS_API_MESSAGES.repeatedColumn(name)}`)
      seen.add(key)
      let position = positions.get(key)
      if (position === undefined) {
        position = names.length
        positions.set(key, position)
        names.push(name.trim())
      }
      cells[position] = cellText(value, `rows.${i}.${name}`)
    }
    table.push(cells)
  })
  return { names, rows: table, skippedRows: 0 }
}

async function tableOfCsv(bytes: Uint8Array): Promise<Table> {
  const body = await readCsvBody(bytes, { maxRows: ROWS_API.maxRowsPerCall })
  if (body.rows.length === 0) throw new AppError('VALIDATION_FAILED', ROWS_API_MESSAGES.noRows)
  const seen = new Set<string>()
  for (const name of body.header) {
    if (seen.has(nameKeyOf(name))) throw new AppError('VALIDATION_FAILED', ROWS_API_MESSAGES.repeatedColumn(name))
    seen.add(nameKeyOf(name))
  }
  return { names: body.header.map((name) => name.trim()), rows: body.rows.map((cells) => cells.map((cell) => (cell === '' ? null : cell))), skippedRows: body.skippedRows }
}

/** What makes a retry the same request: the file, the options and the body. */
function requestHashOf(request: AddRowsRequest): string {
  const hash = createHash('sha256')
  hash.update(JSON.stringify({ uploadId: request.uploadId, upsert: request.upsert ?? null, addColumns: request.addColumns ?? false }))
  if ('csv' in request.body) hash.update('csv\n').update(request.body.csv)
  else hash.update('json\n').update(JSON.stringify(request.body.rows))
  return hash.digest('hex')
}

/** Matches the request's names to the file's columns; names it lacks are returned for `addColumns`. */
function resolveColumns(names: string[], columns: Column[], { addColumns }: { addColumns: boolean }) {
  const byName = new Map(columns.map((column) => [nameKeyOf(column.name), column]))
  const missing = names.filter((name) => !byName.has(nameKeyOf(name)))
  const ai = names.map((name) => byName.get(nameKeyOf(name))).find((column) => column?.kind === 'ai')
  if (ai) throw new AppError('VALIDATION_FAILED', ROWS_API_MESSAGES.aiColumn(ai.name))
  const formula = names.map((name) => byName.get(nameKeyOf(name))).find((column) => column?.kind === 'formula')
  if (formula) throw new AppError('VALIDATION_FAILED', COLUMN_MESSAGES.formulaCellsReadOnly(formula.name))
  if (missing.length > 0 && !addColumns) {
    throw new AppError('VALIDATION_FAILED', ROWS_API_MESSAGES.unknownColumns(missing, columns.map((column) => column.name)), {
      unknownColumns: missing,
      columns: columns.map((column) => column.name),
    })
  }
  if (columns.length + missing.length > MAX_IMPORT_COLUMNS) throw new AppError('VALIDATION_FAILED', ROWS_API_MESSAGES.tooManyColumns(MAX_IMPORT_COLUMNS))
  return { byName, missing }
}

type Transaction = Parameters<Parameters<typeof db.transaction>[0]>[0]

/** The first call's answer under this key, if a live one exists; a different request under it is a 409. */
async function earlierAnswer(executor: typeof db | Transaction, userId: string, key: string, requestHash: string): Promise<AddRowsResult | null> {
  const [earlier] = await executor
    .select()
    .from(rowAdditionKeys)
    .where(
      and(
        eq(rowAdditionKeys.userId, userId),
        eq(rowAdditionKeys.key, key),
        sql`${rowAdditionKeys.createdAt} > now() - make_interval(hours => ${ROWS_API.idempotencyHours})`,
      ),
    )
  if (!earlier) return null
  if (earlier.requestHash !== requestHash) throw new AppError('CONFLICT', ROWS_API_MESSAGES.idempotencyKeyReused)
  return { ...(earlier.result as AddRowsResult), replayed: true }
}

/**
 * Adds rows to an imported file, or updates the rows an upsert's key finds, in one transaction
 * with the file's counts, the new columns and the idempotency key. Rows take the next indexes in
 * the order sent; values are stored as text, empty ones left out (as the import does). After the
 * commit, the user's open pages are told (`rows.added`) and the duplicate figures are refreshed by
 * a job. Another user's file is a 404; a file still importing a 409.
 */
export async function addRows(request: AddRowsRequest): Promise<AddRowsResult> {
  const { userId, uploadId, idempotencyKey } = request
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
    throw new AppError('VALIDATION_FAILED', ROWS_API_MESSAGES.idempotencyKeyInvalid(ROWS_API.maxIdempotencyKeyChars))
  }
  const requestHash = idempotencyKey === undefined ? '' : requestHashOf(request)
  if (idempotencyKey !== undefined) {
    const replay = await earlierAnswer(db, userId, idempotencyKey, requestHash)
    if (replay) return replay
  }

  const table = 'csv' in request.body ? await tableOfCsv(request.body.csv) : tableOfJson(request.body.rows)
  if (table.rows.length === 0) throw new AppError('VALIDATION_FAILED', ROWS_API_MESSAGES.noRows)
  if (table.rows.length > ROWS_API.maxRowsPerCall) throw new AppError('VALIDATION_FAILED', ROWS_API_MESSAGES.tooManyRows(ROWS_API.maxRowsPerCall, table.rows.length))
  // Read before the transaction: on PGlite a statement outside it would wait for it to end.
  const columns: Column[] = await db
    .select({ key: uploadColumns.key, name: uploadColumns.name, kind: uploadColumns.kind })
    .from(uploadColumns)
    .where(eq(uploadColumns.uploadId, upload.id))
    .orderBy(asc(uploadColumns.position))
  const { byName, missing } = resolveColumns(table.names, columns, { addColumns: request.addColumns ?? false })
  if (request.upsert !== undefined && !byName.has(nameKeyOf(request.upsert)) && !missing.some((name) => nameKeyOf(name) === nameKeyOf(request.upsert!))) {
    throw new AppError('VALIDATION_FAILED', ROWS_API_MESSAGES.unknownKeyColumn(request.upsert, columns.map((column) => column.name)))
  }

  const outcome = await retryOnDeadlock(() => db.transaction(async (tx) => {
    // One addition to a file at a time: indexes and counts are read and written under this lock.
    const [locked] = await tx
      .select({ status: csvUploads.status, hasMetrics: sql<boolean>`${csvUploads.qualityMetrics} IS NOT NULL` })
      .from(csvUploads)
      .where(and(eq(csvUploads.id, upload.id), eq(csvUploads.userId, userId)))
      .for('update')
    if (!locked) throw new AppError('NOT_FOUND', UPLOAD_NOT_FOUND)
    // Imported again meanwhile (a retry): its rows are being replaced, not added to.
    if (locked.status !== 'completed') throw new AppError('CONFLICT', 'This file is still being imported. Try again when it is done.')
    if (idempotencyKey !== undefined) {
      // A call that ran meanwhile under the same key (it held the lock) is answered as a retry.
      const replay = await earlierAnswer(tx, userId, idempotencyKey, requestHash)
      if (replay) return { result: replay, isReplay: true }
      await tx
        .delete(rowAdditionKeys)
        .where(and(eq(rowAdditionKeys.userId, userId), lt(rowAdditionKeys.createdAt, sql`now() - make_interval(hours => ${ROWS_API.idempotencyHours})`)))
    }

    // New names are read again after the file's lock (column-store.ts): a call that added one meanwhile made it once.
    const { byName: stored, added } = missing.length > 0 ? await ensureColumns(tx, upload.id, missing) : { byName: new Map(), added: [] }
    const keyOfName = new Map([...byName].map(([name, column]) => [name, column.key]))
    for (const column of stored.values()) if (!keyOfName.has(nameKeyOf(column.name))) keyOfName.set(nameKeyOf(column.name), column.key)
    const keys = table.names.map((name) => keyOfName.get(nameKeyOf(name))!)

    const plan = await planRows(tx, upload.id, table, keys, request.upsert === undefined ? null : keyOfName.get(nameKeyOf(request.upsert))!)
    const addedRowIndexes = await appendRows(tx, { uploadId: upload.id, rows: plan.newRows })
    // AI cells reading a value that changes go stale (compared with the stored values, before the merge).
    const staleCells = await staleCellsOfChanges(tx, { uploadId: upload.id, changes: plan.updates })
    const updatedRowIndexes = plan.updates.map((update) => update.rowIndex)
    const filledBefore = locked.hasMetrics ? await filledCellsOf(tx, upload.id, updatedRowIndexes) : 0
    const duplicates = await duplicateFiguresBefore(tx, upload.id, updatedRowIndexes)
    await mergeIntoRows(tx, { uploadId: upload.id, changes: plan.updates })
    await duplicateFiguresAfter(tx, upload.id, duplicates, [...addedRowIndexes, ...updatedRowIndexes])
    // The quality report's figures follow the rows touched (added, and updated by an upsert).
    const report = locked.hasMetrics
      ? reportFiguresSet({
          records: addedRowIndexes.length,
          filled: (await filledCellsOf(tx, upload.id, [...addedRowIndexes, ...updatedRowIndexes])) - filledBefore,
          cells: addedRowIndexes.length * (await reportCellsPerRow(tx, upload.id)),
        })
      : {}
    // The file's formula columns are computed for the new and updated rows, in the same transaction.
    await refreshFormulaValues({ uploadId: upload.id, rowIndexes: [...addedRowIndexes, ...plan.updates.map((update) => update.rowIndex)] }, tx)
    const [counted] = await tx
      .update(csvUploads)
      .set({
        totalRows: sql`${csvUploads.totalRows} + ${addedRowIndexes.length}`,
        processedRows: sql`${csvUploads.processedRows} + ${addedRowIndexes.length}`,
        validRows: sql`${csvUploads.validRows} + ${addedRowIndexes.length}`,
        ...report,
        updatedAt: new Date(),
      })
      .where(eq(csvUploads.id, upload.id))
      .returning({ totalRows: csvUploads.totalRows })
    if (locked.hasMetrics) {
      await refreshDuplicateLabelsLater(tx, upload.id)
    }
    // 'Run on new rows': the AI columns that have it queue these rows, in this transaction.
    const autoRuns = await queueAutoRuns(tx, { uploadId: upload.id, addedRows: addedRowIndexes, staleCells })
    const result: AddRowsResult = {
      added: addedRowIndexes.length,
      updated: plan.updates.length,
      addedRowIndexes,
      updatedRowIndexes: plan.updates.map((update) => update.rowIndex),
      addedColumns: added.map((column) => column.name),
      skippedRows: table.skippedRows,
      totalRows: counted?.totalRows ?? 0,
      replayed: false,
    }
    if (idempotencyKey !== undefined) {
      // The same key sent meanwhile for another file (which another lock serialised): not a retry.
      const [kept] = await tx
        .insert(rowAdditionKeys)
        .values({ userId, key: idempotencyKey, uploadId: upload.id, requestHash, result })
        .onConflictDoNothing()
        .returning({ key: rowAdditionKeys.key })
      if (!kept) throw new AppError('CONFLICT', ROWS_API_MESSAGES.idempotencyKeyReused)
    }
    return { result, isReplay: false, autoRuns, staleFields: new Set(staleCells.map((cell) => cell.fieldId)) }
  }))

  if (!outcome.isReplay) {
    await announce(userId, upload.id, outcome.result)
    await announceStaleCells(userId, upload.id, outcome.staleFields ?? new Set())
    await announceAutoRuns(outcome.autoRuns ?? [])
  }
  return outcome.result
}

type RowPlan = { newRows: RowData[]; updates: Array<{ rowIndex: number; values: Record<string, string | null> }> }

/**
 * Which rows are added and which update a row of the file. Without a key every row is added.
 * With one, a row whose key value matches a row of the file updates it (the first such row);
 * rows of one call sharing a key value become one row, later values winning; an empty key adds.
 * A matched key is never rewritten: it compares equal, so the stored (or first sent) spelling
 * stays, whatever the spacing and case of the value that matched it (issue 44).
 */
async function planRows(tx: Transaction, uploadId: string, table: Table, keys: string[], upsertKey: string | null): Promise<RowPlan> {
  const valuesOf = (cells: Table['rows'][number]) => {
    const values: Record<string, string | null> = {}
    keys.forEach((key, i) => {
      const cell = cells[i]
      if (cell !== undefined) values[key] = cell
    })
    return values
  }
  const stored = (values: Record<string, string | null>): RowData => {
    const data: RowData = {}
    for (const [key, value] of Object.entries(values)) if (value !== null) data[key] = value
    return data
  }
  if (upsertKey === null) return { newRows: table.rows.map((cells) => stored(valuesOf(cells))), updates: [] }

  const keyPosition = keys.indexOf(upsertKey)
  const matches = await findRowsByKey(tx, {
    uploadId,
    key: upsertKey,
    values: table.rows.map((cells) => (keyPosition < 0 ? '' : (cells[keyPosition] ?? ''))),
  })
  const newRows: Array<Record<string, string | null>> = []
  const newRowOf = new Map<string, number>()
  const updates = new Map<number, Record<string, string | null>>()
  table.rows.forEach((cells, i) => {
    const values = valuesOf(cells)
    const { folded, rowIndex } = matches[i]!
    // The key compares equal to the stored one: the stored spelling stays (spacing and case), only the other values change.
    const { [upsertKey]: _key, ...others } = values
    if (rowIndex !== null) {
      updates.set(rowIndex, { ...updates.get(rowIndex), ...others })
      return
    }
    const earlier = folded === '' ? undefined : newRowOf.get(folded)
    if (earlier !== undefined) {
      newRows[earlier] = { ...newRows[earlier], ...others }
      return
    }
    if (folded !== '') newRowOf.set(folded, newRows.length)
    newRows.push(values)
  })
  return { newRows: newRows.map(stored), updates: [...updates].map(([rowIndex, values]) => ({ rowIndex, values })) }
}

/**
 * Live, after the commit: the file's open grid and its counts (`rows.added`), the file lists'
 * row counts (`workspace.changed`). A failure here changes nothing: the rows are stored.
 */
async function announce(userId: string, uploadId: string, result: AddRowsResult) {
  try {
    await publish(userId, { type: 'rows.added', uploadId, added: result.added, updated: result.updated, totalRows: result.totalRows })
    await publish(userId, { type: 'workspace.changed', entity: 'file', id: uploadId })
  } catch (error) {
    logger.warn({ event: 'rows.added_publish_failed', uploadId, err: error })
  }
}
