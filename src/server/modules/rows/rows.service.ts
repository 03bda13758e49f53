import { and, eq, sql, type SQL } from 'drizzle-orm'
import { cellValueError, parseBoolean } from '#common/cell-values'
import type {
  DeleteRowsResult,
  GridRow,
  RowLocation,
  RowsPage,
  RowView,
  UpdateCellInput,
} from '#common/schemas/rows'
import { VIEW_COUNT_LIMIT } from '#common/constants'
import { toPage } from '#common/schemas/list'
import type { ColumnType } from '#common/schemas/uploads'
import { db } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { csvUploads, uploadColumns } from '#server/db/schema/index'
import { AppError } from '#server/platform/app-error'
import { ensureFilterIndex, ensureSortIndex } from '#server/modules/row-storage/grid-indexes'
import { storesSearchText } from '#server/modules/row-storage/row-writer'
import { getUploadOrThrow } from '#server/modules/uploads/uploads.service'
import { sortColumnOf, sortValueSql, viewWhereSql, type ViewColumn } from '#server/modules/row-storage/view-sql'

type Upload = Awaited<ReturnType<typeof getUploadOrThrow>>

export async function viewColumnsOf(uploadId: string): Promise<Map<string, ViewColumn>> {
  const columns = await db
    .select({ key: uploadColumns.key, name: uploadColumns.name, type: uploadColumns.type })
    .from(uploadColumns)
    .where(eq(uploadColumns.uploadId, uploadId))
  return new Map(columns.map((column) => [column.key, column]))
}

/** An upload whose rows can be read: imported, not still loading. */
export async function getReadableUploadOrThrow({ userId, uploadId }: { userId: string; uploadId: string }) {
  const upload = await getUploadOrThrow({ userId, uploadId })
  if (upload.status !== 'completed') {
    throw new AppError('CONFLICT', 'This file is still being imported. Try again when it is done.')
  }
  return upload
}

/** The WHERE of a view over one upload's rows. */
export function viewWhere(upload: Upload, view: RowView, columns: Map<string, ViewColumn>) {
  const search = { isStored: storesSearchText() }
  return viewWhereSql({ uploadId: upload.id, view, columns, search })
}

/**
 * A run of the view's rows in one order, read forwards or backwards: a page is cut from the
 * segments it overlaps, each read from whichever end is nearer, so the last page costs what the
 * first does. A segment of a view too large to count (`size` null) is read forwards only.
 */
type Segment = { where: SQL; forward: SQL; backward: SQL; size: number | null }

/** Text filters that a column's trigram index serves. */
const TRIGRAM_OPERATORS = new Set(['contains', 'starts_with', 'ends_with'])

async function segmentsOf(upload: Upload, view: RowView, columns: Map<string, ViewColumn>) {
  const where = viewWhere(upload, view, columns)
  for (const filter of view.filters) {
    if (TRIGRAM_OPERATORS.has(filter.operator)) await ensureFilterIndex(upload.id, filter.column)
  }
  const isFiltered = Boolean(view.q) || view.filters.length > 0
  const counted = isFiltered ? await countWhere(where, VIEW_COUNT_LIMIT) : upload.validRows
  const isCountExact = counted <= VIEW_COUNT_LIMIT || !isFiltered
  const count = isCountExact ? counted : VIEW_COUNT_LIMIT
  const size = isCountExact ? count : null
  const sortColumn = sortColumnOf(columns, view.sort)
  if (!sortColumn || !view.sort) {
    const segment: Segment = { where, forward: sql`row_index ASC`, backward: sql`row_index DESC`, size }
    return { count, isCountExact, segments: [segment] }
  }
  await ensureSortIndex(upload.id, sortColumn)
  // Empty (or, in a typed column, unreadable) values come last in both directions, in row order.
  const value = sortValueSql(sortColumn)
  const emptyWhere = sql`${where} AND ${value} IS NULL`
  const emptyCount = size === null ? null : size === 0 ? 0 : await countWhere(emptyWhere)
  const isAscending = view.sort.direction === 'asc'
  const valued: Segment = {
    where: sql`${where} AND ${value} IS NOT NULL`,
    forward: isAscending ? sql`${value} ASC, row_index ASC` : sql`${value} DESC, row_index DESC`,
    backward: isAscending ? sql`${value} DESC, row_index DESC` : sql`${value} ASC, row_index ASC`,
    size: size === null || emptyCount === null ? null : size - emptyCount,
  }
  const empty: Segment = { where: emptyWhere, forward: sql`row_index ASC`, backward: sql`row_index DESC`, size: emptyCount }
  return { count, isCountExact, segments: [valued, empty] }
}

/** Rows in a view, counted exactly (exports; the grid caps its counts). */
export async function countView(upload: Upload, view: RowView, columns: Map<string, ViewColumn>) {
  if (!view.q && view.filters.length === 0) return upload.validRows
  return countWhere(viewWhere(upload, view, columns))
}

/** Rows matching `where`; with `limit`, counting stops past it (the answer is then limit + 1). */
async function countWhere(where: SQL, limit?: number): Promise<number> {
  const query =
    limit === undefined
      ? sql`SELECT count(*) AS n FROM csv_rows WHERE ${where}`
      : sql`SELECT count(*) AS n FROM (SELECT 1 FROM csv_rows WHERE ${where} LIMIT ${limit + 1}) AS matched`
  const [row] = await queryRows<{ n: number | string }>(query)
  return Number(row?.n ?? 0)
}

async function readSegment(segment: Segment, order: SQL, skip: number, take: number): Promise<number[]> {
  // Only row_index is read here, so an ordered index answers without touching the rows.
  const rows = await queryRows<{ row_index: number }>(
    sql`SELECT row_index FROM csv_rows WHERE ${segment.where} ORDER BY ${order} LIMIT ${take} OFFSET ${skip}`,
  )
  return rows.map((row) => Number(row.row_index))
}

/** Row indexes of positions [offset, offset + limit) of the view. */
async function rowIndexesAt(segments: Segment[], offset: number, limit: number): Promise<number[]> {
  const picked: number[] = []
  let start = 0
  for (const segment of segments) {
    const from = Math.max(offset, start)
    const wanted = offset + limit - from
    if (wanted <= 0) break
    const local = from - start
    if (segment.size === null) {
      const indexes = await readSegment(segment, segment.forward, local, wanted)
      picked.push(...indexes)
      if (indexes.length === wanted) break
      start += indexes.length > 0 ? local + indexes.length : await countWhere(segment.where)
      continue
    }
    const take = Math.min(wanted, segment.size - local)
    if (take > 0) {
      const isNearEnd = local + take / 2 > segment.size / 2
      const indexes = isNearEnd
        ? (await readSegment(segment, segment.backward, segment.size - local - take, take)).reverse()
        : await readSegment(segment, segment.forward, local, take)
      picked.push(...indexes)
    }
    start += segment.size
  }
  return picked
}

export async function rowsByIndex(uploadId: string, indexes: number[]): Promise<GridRow[]> {
  if (indexes.length === 0) return []
  const rows = await queryRows<{ row_index: number; data: Record<string, string> | string }>(
    sql`SELECT row_index, data FROM csv_rows WHERE upload_id = ${uploadId} AND row_index = ANY(${sql.raw(`'{${indexes.join(',')}}'::integer[]`)})`,
  )
  const byIndex = new Map(rows.map((row) => [Number(row.row_index), typeof row.data === 'string' ? JSON.parse(row.data) : row.data]))
  return indexes.filter((index) => byIndex.has(index)).map((index) => ({ rowIndex: index, values: byIndex.get(index)! }))
}

export async function listRows({
  userId,
  uploadId,
  page,
  perPage,
  ...view
}: { userId: string; uploadId: string; page: number; perPage: number } & RowView): Promise<RowsPage> {
  const upload = await getUploadOrThrow({ userId, uploadId })
  if (upload.status !== 'completed') return { ...toPage([], { count: 0, page, perPage }), isCountExact: true }
  const columns = await viewColumnsOf(upload.id)
  const { count, isCountExact, segments } = await segmentsOf(upload, view, columns)
  const indexes = await rowIndexesAt(segments, (page - 1) * perPage, perPage)
  return { ...toPage(await rowsByIndex(upload.id, indexes), { count, page, perPage }), isCountExact }
}

/**
 * Every row index of a view, in its order, page by page (exports). The indexes are read at once,
 * as one string from the database (a million rows is a few megabytes), so no page is found by
 * skipping all the rows before it.
 */
export async function* viewRowIndexes({
  upload,
  view,
  columns,
  pageSize,
}: {
  upload: Upload
  view: RowView
  columns: Map<string, ViewColumn>
  pageSize: number
}): AsyncGenerator<number[]> {
  const { segments } = await segmentsOf(upload, view, columns)
  for (const segment of segments) {
    if (segment.size === 0) continue
    const [row] = await queryRows<{ indexes: string | null }>(
      sql`SELECT string_agg(row_index::text, ',' ORDER BY ${segment.forward}) AS indexes FROM csv_rows WHERE ${segment.where}`,
    )
    const indexes = row?.indexes ? row.indexes.split(',').map(Number) : []
    for (let at = 0; at < indexes.length; at += pageSize) yield indexes.slice(at, at + pageSize)
  }
}

export async function locateRow({
  userId,
  uploadId,
  rowIndex,
  perPage,
}: {
  userId: string
  uploadId: string
  rowIndex: number
  perPage: number
}): Promise<RowLocation> {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const [row] = await queryRows<{ before: number | string; found: boolean }>(sql`
    SELECT count(*) FILTER (WHERE row_index < ${rowIndex}) AS before, bool_or(row_index = ${rowIndex}) AS found
    FROM csv_rows WHERE upload_id = ${upload.id} AND row_index <= ${rowIndex}`)
  const before = Number(row?.before ?? 0)
  return { rowIndex, page: Math.floor(before / perPage) + 1, found: Boolean(row?.found) }
}

export async function deleteRows({
  userId,
  uploadId,
  rowIndexes,
}: {
  userId: string
  uploadId: string
  rowIndexes: number[]
}): Promise<DeleteRowsResult> {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const unique = [...new Set(rowIndexes)]
  return db.transaction(async (tx) => {
    const removed = await queryRows(
      sql`DELETE FROM csv_rows WHERE upload_id = ${upload.id} AND row_index = ANY(${sql.raw(`'{${unique.join(',')}}'::integer[]`)}) RETURNING row_index`,
      tx,
    )
    const deleted = removed.length
    const [updated] = await tx
      .update(csvUploads)
      .set({
        totalRows: sql`greatest(${csvUploads.totalRows} - ${deleted}, 0)`,
        processedRows: sql`greatest(${csvUploads.processedRows} - ${deleted}, 0)`,
        validRows: sql`greatest(${csvUploads.validRows} - ${deleted}, 0)`,
        updatedAt: new Date(),
      })
      .where(and(eq(csvUploads.id, upload.id), eq(csvUploads.userId, userId)))
      .returning({ totalRows: csvUploads.totalRows })
    return { deleted, totalRows: updated?.totalRows ?? 0 }
  })
}

/** The text stored for a typed value: numbers and dates as typed, booleans as true/false. */
export function normaliseCellValue(type: ColumnType, name: string, raw: string): string {
  const value = raw.trim()
  if (value === '') return ''
  const error = cellValueError(type, name, value)
  if (error) throw new AppError('VALIDATION_FAILED', error)
  return type === 'boolean' ? String(parseBoolean(value)) : raw
}

export async function updateCell({
  userId,
  uploadId,
  rowIndex,
  column: key,
  value,
}: { userId: string; uploadId: string; rowIndex: number } & UpdateCellInput): Promise<GridRow> {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const [column] = await db
    .select()
    .from(uploadColumns)
    .where(and(eq(uploadColumns.uploadId, upload.id), eq(uploadColumns.key, key)))
  if (!column) throw new AppError('NOT_FOUND', 'This column no longer exists. Refresh the page and try again.')
  if (column.kind === 'ai') throw new AppError('VALIDATION_FAILED', 'AI cells are filled by their prompt and cannot be edited.')
  const stored = normaliseCellValue(column.type, column.name, value ?? '')
  const change = stored === '' ? sql`data - ${key}::text` : sql`data || jsonb_build_object(${key}::text, ${stored}::text)`
  const searchText = storesSearchText() ? sql`, search_text = rowcraft_row_text(${change})` : sql``
  const rows = await queryRows<{ row_index: number; data: Record<string, string> | string }>(sql`
    UPDATE csv_rows SET data = ${change}, updated_at = now()${searchText}
    WHERE upload_id = ${upload.id} AND row_index = ${rowIndex}
    RETURNING row_index, data`)
  const [row] = rows
  if (!row) throw new AppError('NOT_FOUND', 'This row no longer exists. Refresh the page and try again.')
  await db.update(csvUploads).set({ updatedAt: new Date() }).where(eq(csvUploads.id, upload.id))
  return { rowIndex: Number(row.row_index), values: typeof row.data === 'string' ? JSON.parse(row.data) : row.data }
}
