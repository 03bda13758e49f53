import { sql, type SQL } from 'drizzle-orm'
import { CHAT_PLAN } from '#common/constants'
import { PLAN_MESSAGES } from '#common/messages'
import { describeCriteria, topLevelConditions } from '#common/plan-text'
import type { Aggregate, AggregateResult, Plan, PlanResult } from '#common/schemas/plans'
import { queryRows } from '#server/db/query-rows'
import { AppError } from '#server/platform/app-error'
import { clauseSql, resolveColumnOrThrow, resolveCondition, type Clause } from './plan-sql.ts'
import { clauseWhere, fullOrderSql, rowsByIndex, searchSource, storedColumnsOf, type RowSource } from './row-reader.ts'
import { cellSql, type ViewColumn } from './view-sql.ts'

/**
 * Runs a query plan over every row of one upload (issue 22): the rows it matches, in its order,
 * its aggregate, and a count after each of its top-level conditions. Everything here is computed
 * by the database; nothing is estimated from a sample.
 */
export async function runPlan({ source, plan }: { source: RowSource; plan: Plan }): Promise<PlanResult> {
  const columns = await storedColumnsOf(source.id)
  const topLevel = topLevelConditions(plan.where).map((condition) => resolveCondition(condition, columns))
  const clause: Clause = { all: topLevel }
  const where = await clauseWhere(source, clause)
  const sort = plan.sort ? { column: resolveColumnOrThrow(columns, plan.sort.column), direction: plan.sort.direction } : undefined
  const aggregateColumn = plan.aggregate && 'column' in plan.aggregate ? resolveColumnOrThrow(columns, plan.aggregate.column) : null

  const order = fullOrderSql(sort)
  const [listed] = await queryRows<{ indexes: string | null }>(sql`
    SELECT string_agg(row_index::text, ',') AS indexes
    FROM (SELECT row_index FROM csv_rows WHERE ${where} ORDER BY ${order} LIMIT ${CHAT_PLAN.maxRowIndexes + 1}) AS matched`)
  let rowIndexes = listed?.indexes ? listed.indexes.split(',').map(Number) : []
  const rowIndexesComplete = rowIndexes.length <= CHAT_PLAN.maxRowIndexes
  rowIndexes = rowIndexes.slice(0, CHAT_PLAN.maxRowIndexes)

  const { totalRows, counts } = await stepCounts(source, topLevel)
  const count = rowIndexesComplete ? rowIndexes.length : counts.at(-1) ?? totalRows
  const criteria = describeCriteria(plan.where)
  const steps = [{ description: 'All rows in the file', count: totalRows }, ...criteria.map((description, i) => ({ description, count: counts[i] ?? 0 }))]

  const limit = plan.limit ?? CHAT_PLAN.defaultLimit
  const byKey = new Map(columns.map((column) => [column.key, column.name]))
  const rows = (await rowsByIndex(source.id, rowIndexes.slice(0, limit))).map((row) => ({
    rowIndex: row.rowIndex,
    values: Object.fromEntries(Object.entries(row.values).flatMap(([key, value]) => (byKey.has(key) ? [[byKey.get(key)!, value]] : []))),
  }))
  const aggregate = plan.aggregate ? await aggregateOf(where, plan.aggregate, aggregateColumn, count) : null
  return { count, rowIndexes, rowIndexesComplete, rows, aggregate, criteria, totalRows, steps }
}

/** Rows in the file, and the rows left after each top-level condition in turn, in one scan. */
async function stepCounts(source: RowSource, topLevel: Clause[]): Promise<{ totalRows: number; counts: number[] }> {
  const search = searchSource()
  const cumulative = topLevel.map((_, i) => clauseSql({ all: topLevel.slice(0, i + 1) }, search))
  const filters = cumulative.map((condition, i) => sql`, count(*) FILTER (WHERE ${condition}) AS ${sql.raw(`s${i}`)}`)
  const [row] = await queryRows<Record<string, number | string>>(
    sql`SELECT count(*) AS total${sql.join(filters, sql``)} FROM csv_rows WHERE upload_id = ${source.id}`,
  )
  return { totalRows: Number(row?.total ?? 0), counts: cumulative.map((_, i) => Number(row?.[`s${i}`] ?? 0)) }
}

async function aggregateOf(where: SQL, aggregate: Aggregate, column: ViewColumn | null, count: number): Promise<AggregateResult> {
  if (aggregate.op === 'count' || !column) return { op: 'count', column: null, value: count }
  const cell = cellSql(column.key)
  if (aggregate.op === 'count_by') {
    const limit = aggregate.limit ?? CHAT_PLAN.defaultGroups
    // Values that differ only in case, accents or outer spaces are one group, shown as most often written.
    const groups = await queryRows<{ value: string | null; n: number | string; groups: number | string }>(sql`
      SELECT mode() WITHIN GROUP (ORDER BY coalesce(btrim(${cell}), '')) AS value, count(*) AS n, count(*) OVER () AS groups
      FROM csv_rows WHERE ${where}
      GROUP BY coalesce(rowcraft_fold(${cell}), '')
      ORDER BY count(*) DESC, coalesce(rowcraft_fold(${cell}), '') ASC
      LIMIT ${limit}`)
    const total = Number(groups[0]?.groups ?? 0)
    return {
      op: 'count_by',
      column: column.name,
      groups: groups.map((group) => ({ value: group.value ?? '', count: Number(group.n) })),
      otherGroups: Math.max(0, total - groups.length),
    }
  }
  if (aggregate.op === 'count_distinct') {
    const [row] = await queryRows<{ n: number | string }>(
      sql`SELECT count(DISTINCT rowcraft_fold(${cell})) FILTER (WHERE btrim(${cell}) <> '') AS n FROM csv_rows WHERE ${where}`,
    )
    return { op: 'count_distinct', column: column.name, value: Number(row?.n ?? 0) }
  }
  if (column.type === 'date') {
    if (aggregate.op !== 'min' && aggregate.op !== 'max') {
      throw new AppError('VALIDATION_FAILED', PLAN_MESSAGES.cannotAddDates(column.name))
    }
    const direction = sql.raw(aggregate.op === 'min' ? 'ASC' : 'DESC')
    const [row] = await queryRows<{ value: string | null; skipped: number | string }>(sql`
      SELECT (array_agg(btrim(${cell}) ORDER BY rowcraft_date_key(${cell}) ${direction}, row_index) FILTER (WHERE rowcraft_date_key(${cell}) IS NOT NULL))[1] AS value,
        count(*) FILTER (WHERE btrim(${cell}) <> '' AND rowcraft_date_key(${cell}) IS NULL) AS skipped
      FROM csv_rows WHERE ${where}`)
    return { op: aggregate.op, column: column.name, value: row?.value ?? null, skipped: Number(row?.skipped ?? 0) }
  }
  const fn = sql.raw(aggregate.op)
  const [row] = await queryRows<{ value: string | number | null; skipped: number | string }>(sql`
    SELECT ${fn}(rowcraft_num(${cell}))::float8 AS value,
      count(*) FILTER (WHERE btrim(${cell}) <> '' AND rowcraft_num(${cell}) IS NULL) AS skipped
    FROM csv_rows WHERE ${where}`)
  const value = row?.value === null || row?.value === undefined ? null : Number(row.value)
  return { op: aggregate.op, column: column.name, value, skipped: Number(row?.skipped ?? 0) }
}
