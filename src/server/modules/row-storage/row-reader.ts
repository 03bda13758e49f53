import { asc, eq, sql, type SQL } from 'drizzle-orm'
import { VIEW_COUNT_LIMIT } from '#common/constants'
import { UPLOAD_DETAIL_MESSAGES } from '#common/messages'
import type { FormulaNode } from '#common/schemas/formula'
import type { PlanFigure } from '#common/schemas/plans'
import type { GridRow, RowView } from '#common/schemas/rows'
import { db } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { uploadColumns } from '#server/db/schema/index'
import { csvRows } from '#server/db/schema/rows'
import { sqlArray } from '#server/db/sql-array'
import { AppError } from '#server/platform/app-error'
import { formulaTextSql } from './formula-sql.ts'
import { ensureFilterIndex, ensureSortIndex } from './grid-indexes.ts'
import { figureOverRowsSql } from './plan-aggregates.ts'
import { clauseSql, hasFigure, patternColumnsOf, resolveCondition, withFigureValues, type Clause } from './plan-sql.ts'
import { partitionName, storesSearchText } from './row-writer.ts'
import { sortValueSql, type ViewColumn } from './view-sql.ts'

/**
 * Reads of one upload's rows: a view (the grid's search, filters, AI filter and sort) or a plan
 * in; a page, a count, every row index or the rows out. Each call builds its SQL through
 * plan-sql.ts and makes sure of the indexes it needs, so a service visits row storage once.
 */

/** What row storage needs to know of an upload; the caller has checked it is the user's. */
export type RowSource = { id: string; validRows: number }

/** An upload's columns in their order, as views and plans name them. */
export async function storedColumnsOf(uploadId: string): Promise<ViewColumn[]> {
  return db
    .select({ key: uploadColumns.key, name: uploadColumns.name, type: uploadColumns.type, dateOrder: uploadColumns.dateOrder })
    .from(uploadColumns)
    .where(eq(uploadColumns.uploadId, uploadId))
    .orderBy(asc(uploadColumns.position))
}

/** The first rows' values, in row order (the import's sample to type the columns by). */
export async function firstRowValues(uploadId: string, limit: number): Promise<Array<Record<string, string>>> {
  const rows = await db.select({ data: csvRows.data }).from(csvRows).where(eq(csvRows.uploadId, uploadId)).orderBy(asc(csvRows.rowIndex)).limit(limit)
  return rows.map((row) => row.data)
}

export const searchSource = () => ({ isStored: storesSearchText() })

/**
 * The upload's rows, read from its partition by name rather than through `csv_rows`. Through the
 * parent, PostgreSQL plans the one partition left after pruning by its cheapest complete scan and
 * never weighs a LIMIT: a search or a capped count of a common term built a GIN bitmap of every
 * matching row to return 50 of them. Named directly, a LIMIT read stops early when it can.
 */
export const rowsFrom = (uploadId: string): SQL => sql`${sql.identifier(partitionName(uploadId))} AS csv_rows`

/**
 * A read of one upload's rows. An upload deleted between its check and the read has no table any
 * more (PostgreSQL's undefined_table): that is the 404 the check would have given a moment later.
 */
async function readOrNotFound<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if (isMissingTable(error)) throw new AppError('NOT_FOUND', UPLOAD_DETAIL_MESSAGES.notFoundTitle)
    throw error
  }
}

export const readRows = <T>(query: SQL): Promise<T[]> => readOrNotFound(() => queryRows<T>(query))

/** Memory a read of every row may sort and hash in before spilling to disk (PostgreSQL's default is 4 MB). */
const WHOLE_FILE_WORK_MEM = '32MB'

/**
 * `readRows` for a query that sorts or hashes every row of a file (a plan's scan, its groups):
 * given WHOLE_FILE_WORK_MEM for its transaction only. With 4 MB, joining 100,000 rows to their
 * duplicate labels hashed the labels in four batches, writing the rows to disk and reading them
 * back (about 60 ms of a 500 ms scan).
 */
export const readWholeFile = <T>(query: SQL): Promise<T[]> =>
  readOrNotFound(() =>
    db.transaction(async (tx) => {
      await tx.execute(sql.raw(`SET LOCAL work_mem = '${WHOLE_FILE_WORK_MEM}'`))
      return queryRows<T>(query, tx)
    }),
  )

/** A formula's values over an upload's rows in file order, as a formula column stores them (a preview, a check). */
export async function readFormulaValues({
  uploadId,
  ast,
  columns,
  limit,
}: {
  uploadId: string
  ast: FormulaNode
  columns: readonly Pick<ViewColumn, 'key' | 'dateOrder'>[]
  limit?: number
}): Promise<Array<{ rowIndex: number; value: string | null }>> {
  const rows = await readRows<{ row_index: number; value: string | null }>(sql`
    SELECT row_index, ${formulaTextSql(ast, columns)} AS value FROM ${rowsFrom(uploadId)}
    WHERE upload_id = ${uploadId} ORDER BY row_index ${limit === undefined ? sql`` : sql`LIMIT ${limit}`}`)
  return rows.map((row) => ({ rowIndex: Number(row.row_index), value: row.value }))
}

/** PostgreSQL's undefined_table, however the driver wraps it. */
export function isMissingTable(error: unknown): boolean {
  for (let cause: unknown = error; typeof cause === 'object' && cause !== null; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '42P01') return true
  }
  return false
}

function columnByKeyOrThrow(columns: readonly ViewColumn[], key: string): ViewColumn {
  const column = columns.find((c) => c.key === key)
  if (!column) throw new AppError('VALIDATION_FAILED', 'This column no longer exists. Refresh the page and try again.')
  return column
}

/** A grid view as one clause: its search box, its filters and its AI filter, all together. */
export function viewClause(view: Pick<RowView, 'q' | 'filters' | 'where'>, columns: readonly ViewColumn[]): Clause {
  const parts: Clause[] = []
  if (view.q) parts.push({ search: view.q })
  for (const filter of view.filters) {
    parts.push({ column: columnByKeyOrThrow(columns, filter.column), op: filter.operator, values: [filter.value] })
  }
  if (view.where) parts.push(resolveCondition(view.where, columns))
  return { all: parts }
}

const isFiltered = (view: Pick<RowView, 'q' | 'filters' | 'where'>) => Boolean(view.q) || view.filters.length > 0 || Boolean(view.where)

type Sorted = { column: ViewColumn; direction: 'asc' | 'desc' }

/**
 * A view's filters compiled once: the upload's columns and the WHERE (`upload_id = ...` and the
 * clause), with the trigram indexes its text patterns use asked for. Its sort index is asked for
 * before the sorted read (`segmentsOf`).
 */
async function compileView(source: RowSource, view: RowView) {
  const columns = await storedColumnsOf(source.id)
  // A row against its column (issue 44, "Show in table" of "the rows above the average salary"):
  // the figure over every row, computed when the view is read, as a plan does.
  const figured = view.where && hasFigure(view.where) ? await withFigureValues(view.where, figureReader(source.id, columns)) : view.where
  const clause = viewClause({ ...view, where: figured }, columns)
  for (const key of new Set(patternColumnsOf(clause))) await ensureFilterIndex(source.id, key)
  const where = sql`upload_id = ${source.id} AND ${clauseSql(clause, searchSource())}`
  return { columns, where, isFiltered: isFiltered(view) }
}

/**
 * The ORDER BY of a sort: empty (or, in a typed column, unreadable) values last, in row order.
 * Tied values keep row order in both directions (issue 44: "the four most-reviewed books" took the
 * later of two tied rows when a descending sort reversed ties too); `reverse` reads the same order
 * from its end.
 */
function orderSql(sort: Sorted | undefined, reverse = false): SQL {
  const ties = sql.raw(reverse ? 'row_index DESC' : 'row_index ASC')
  if (!sort) return ties
  const value = sortValueSql(sort.column)
  const isAscending = (sort.direction === 'asc') !== reverse
  return sql`${value} ${sql.raw(isAscending ? 'ASC' : 'DESC')}, ${ties}`
}

/**
 * A run of the view's rows in one order, read forwards or backwards: a page is cut from the
 * segments it overlaps, each read from whichever end is nearer, so the last page costs what the
 * first does. A segment of a view too large to count (`size` null) is read forwards only.
 */
type Segment = { uploadId: string; where: SQL; forward: SQL; backward: SQL; size: number | null }

async function segmentsOf(source: RowSource, where: SQL, filtered: boolean, sort: Sorted | undefined) {
  const counted = filtered ? await countWhere(source.id, where, VIEW_COUNT_LIMIT) : source.validRows
  const isCountExact = counted <= VIEW_COUNT_LIMIT || !filtered
  const count = isCountExact ? counted : VIEW_COUNT_LIMIT
  const size = isCountExact ? count : null
  if (!sort) {
    const segment: Segment = { uploadId: source.id, where, forward: orderSql(undefined), backward: orderSql(undefined, true), size }
    return { count, isCountExact, segments: [segment] }
  }
  await ensureSortIndex(source.id, sort.column)
  const value = sortValueSql(sort.column)
  const emptyWhere = sql`${where} AND ${value} IS NULL`
  const emptyCount = size === null ? null : size === 0 ? 0 : await countWhere(source.id, emptyWhere)
  const valued: Segment = {
    uploadId: source.id,
    where: sql`${where} AND ${value} IS NOT NULL`,
    forward: orderSql(sort),
    backward: orderSql(sort, true),
    size: size === null || emptyCount === null ? null : size - emptyCount,
  }
  const empty: Segment = { uploadId: source.id, where: emptyWhere, forward: orderSql(undefined), backward: orderSql(undefined, true), size: emptyCount }
  return { count, isCountExact, segments: [valued, empty] }
}

function sortOf(view: Pick<RowView, 'sort'>, columns: readonly ViewColumn[]): Sorted | undefined {
  return view.sort ? { column: columnByKeyOrThrow(columns, view.sort.column), direction: view.sort.direction } : undefined
}

/**
 * Computes each figure over every row of the upload once (a figure asked twice is read once): the
 * `figureOf` of `withFigureValues`, for a plan's conditions and measures and a view's filter.
 */
export function figureReader(uploadId: string, columns: readonly ViewColumn[]): (figure: PlanFigure) => Promise<number | string | null> {
  const figures = new Map<string, Promise<number | string | null>>()
  return (figure) => {
    const key = JSON.stringify(figure)
    if (!figures.has(key)) {
      const { statement, read } = figureOverRowsSql(rowsFrom(uploadId), figure, columns)
      figures.set(key, readWholeFile<Record<string, string | number | null>>(statement).then(([row]) => read(row ?? {})))
    }
    return figures.get(key)!
  }
}

/** Rows matching `where`; with `limit`, counting stops past it (the answer is then limit + 1). */
async function countWhere(uploadId: string, where: SQL, limit?: number): Promise<number> {
  const query =
    limit === undefined
      ? sql`SELECT count(*) AS n FROM ${rowsFrom(uploadId)} WHERE ${where}`
      : sql`SELECT count(*) AS n FROM (SELECT 1 FROM ${rowsFrom(uploadId)} WHERE ${where} LIMIT ${limit + 1}) AS matched`
  const [row] = await readRows<{ n: number | string }>(query)
  return Number(row?.n ?? 0)
}

async function readSegment(segment: Segment, order: SQL, skip: number, take: number): Promise<number[]> {
  // Only row_index is read here, so an ordered index answers without touching the rows.
  const rows = await readRows<{ row_index: number }>(
    sql`SELECT row_index FROM ${rowsFrom(segment.uploadId)} WHERE ${segment.where} ORDER BY ${order} LIMIT ${take} OFFSET ${skip}`,
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
      start += indexes.length > 0 ? local + indexes.length : await countWhere(segment.uploadId, segment.where)
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

/** The rows at these indexes, in the order given (indexes that are gone are left out). */
export async function rowsByIndex(uploadId: string, indexes: number[]): Promise<GridRow[]> {
  if (indexes.length === 0) return []
  const rows = await readRows<{ row_index: number; data: Record<string, string> | string }>(
    // upload_id too, though the partition holds only this upload's rows: the key is (upload_id,
    // row_index), and without its first column PostgreSQL read the whole partition for a page's
    // 50 rows (30 ms on 200,000 rows, 95 ms on a million: every grid request paid it).
    sql`SELECT row_index, data FROM ${rowsFrom(uploadId)} WHERE upload_id = ${uploadId} AND row_index = ANY(${sqlArray(indexes, 'int4')})`,
  )
  const byIndex = new Map(rows.map((row) => [Number(row.row_index), typeof row.data === 'string' ? JSON.parse(row.data) : row.data]))
  return indexes.filter((index) => byIndex.has(index)).map((index) => ({ rowIndex: index, values: byIndex.get(index)! }))
}

/**
 * One page of the grid, in one call: the view's rows, its count (capped at VIEW_COUNT_LIMIT
 * unless unfiltered) and the upload's columns in their order.
 */
export async function readGridPage({ source, view, page, perPage }: { source: RowSource; view: RowView; page: number; perPage: number }) {
  const { columns, where, isFiltered } = await compileView(source, view)
  const { count, isCountExact, segments } = await segmentsOf(source, where, isFiltered, sortOf(view, columns))
  const indexes = await rowIndexesAt(segments, (page - 1) * perPage, perPage)
  return { rows: await rowsByIndex(source.id, indexes), count, isCountExact, columns }
}

/** Rows in a view, counted exactly (exports; the grid caps its counts). */
export async function countViewRows({ source, view }: { source: RowSource; view: RowView }): Promise<number> {
  if (!isFiltered(view)) return source.validRows
  const { where } = await compileView(source, view)
  return countWhere(source.id, where)
}

/**
 * Every row index of a view, in its order, page by page (exports). The indexes are read at once,
 * as one string from the database (a million rows is a few megabytes), so no page is found by
 * skipping all the rows before it.
 */
export async function* viewRowIndexPages({ source, view, pageSize }: { source: RowSource; view: RowView; pageSize: number }): AsyncGenerator<number[]> {
  const { columns, where, isFiltered } = await compileView(source, view)
  const { segments } = await segmentsOf(source, where, isFiltered, sortOf(view, columns))
  for (const segment of segments) {
    if (segment.size === 0) continue
    const [row] = await readRows<{ indexes: string | null }>(
      sql`SELECT string_agg(row_index::text, ',' ORDER BY ${segment.forward}) AS indexes FROM ${rowsFrom(source.id)} WHERE ${segment.where}`,
    )
    const indexes = row?.indexes ? row.indexes.split(',').map(Number) : []
    for (let at = 0; at < indexes.length; at += pageSize) yield indexes.slice(at, at + pageSize)
  }
}

/**
 * The ORDER BY of a whole sorted read in one statement: valued rows in the sort's order, then the
 * empty ones in row order, as the grid's segments show them.
 */
export function fullOrderSql(sort: Sorted | undefined): SQL {
  if (!sort) return orderSql(undefined)
  return orderByValueSql(sortValueSql(sort.column), sort.direction)
}

/** The same order by any value of a row (a plan's formula): ties, and the empty values, in row order. */
export function orderByValueSql(value: SQL, direction: 'asc' | 'desc'): SQL {
  return sql`${value} IS NULL, ${value} ${sql.raw(direction === 'asc' ? 'ASC' : 'DESC')}, row_index ASC`
}

/** A view's WHERE and ORDER BY over `csv_rows`, for a caller that writes its own SELECT (a COPY export, an AI run's scope). */
export async function viewSql({ source, view }: { source: RowSource; view: RowView }): Promise<{ where: SQL; order: SQL }> {
  const { columns, where } = await compileView(source, view)
  return { where, order: fullOrderSql(sortOf(view, columns)) }
}
