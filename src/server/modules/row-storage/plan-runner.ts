import { sql, type SQL } from 'drizzle-orm'
import { CHAT_PLAN } from '#common/constants'
import { PLAN_MESSAGES } from '#common/messages'
import { describeCriteria, topLevelConditions } from '#common/plan-text'
import type { Aggregate, AggregateResult, Plan, PlanResult } from '#common/schemas/plans'
import { identifyingColumnsOf } from '#common/schemas/duplicates'
import { AppError } from '#server/platform/app-error'
import { duplicateCountsOf, duplicateCountsSelect } from './duplicates-sql.ts'
import { clauseSql, resolveColumnOrThrow, resolveCondition } from './plan-sql.ts'
import { fullOrderSql, readRows, rowsByIndex, rowsFrom, searchSource, storedColumnsOf, type RowSource } from './row-reader.ts'
import { cellSql, dateKeySql, type ViewColumn } from './view-sql.ts'

/**
 * Runs a query plan over every row of one upload (issue 22): the rows it matches, in its order,
 * its aggregate, and a count after each of its top-level conditions. Everything here is computed
 * by the database; nothing is estimated from a sample.
 *
 * One scan of the upload answers the counts, the ordered row list and any aggregate but a
 * grouping: each top-level condition is evaluated once a row (the subquery's OFFSET 0 keeps the
 * planner from copying a condition into every count that uses it), and the rest read its
 * answer. A count after each step reads every row anyway, so an index would save nothing; and
 * none is built for a plan, so a plan over a new column answers at once. The same scan counts the
 * matched rows that repeat others by each column that identifies a lead (or, in a file without
 * one, exactly: whole rows cost several times more to compare), so an answer can say its count
 * holds duplicates.
 */
export async function runPlan({ source, plan }: { source: RowSource; plan: Plan }): Promise<PlanResult> {
  return runPlanOver(source, plan, await storedColumnsOf(source.id))
}

/**
 * A plan's computed answer and the upload's column names in their order (an answer shows both),
 * over columns the caller read once for the whole answer (`storedColumnsOf`): a chat question
 * resolves its plans against the columns its profile showed the model.
 */
export async function runPlanWithColumns({ source, plan, columns }: { source: RowSource; plan: Plan; columns: ViewColumn[] }): Promise<{ computed: PlanResult; columnNames: string[] }> {
  return { computed: await runPlanOver(source, plan, columns), columnNames: columns.map((column) => column.name) }
}

async function runPlanOver(source: RowSource, plan: Plan, columns: ViewColumn[]): Promise<PlanResult> {
  const topLevel = topLevelConditions(plan.where).map((condition) => resolveCondition(condition, columns))
  const sort = plan.sort ? { column: resolveColumnOrThrow(columns, plan.sort.column), direction: plan.sort.direction } : undefined
  const aggregateColumn = plan.aggregate && 'column' in plan.aggregate ? resolveColumnOrThrow(columns, plan.aggregate.column) : null
  const aggregate = plan.aggregate
  const inScan = aggregate && aggregate.op !== 'count' && aggregate.op !== 'count_by' && aggregateColumn ? scanAggregate(aggregate.op, aggregateColumn) : null

  const identifying = identifyingColumnsOf(columns)
  const search = searchSource()
  const flags = topLevel.map((_, i) => sql.raw(`m${i}`))
  const matched = flags.length === 0 ? sql`true` : sql.join(flags, sql` AND `)
  const stepCounts = flags.map((_, i) => sql`, count(*) FILTER (WHERE ${sql.join(flags.slice(0, i + 1), sql` AND `)}) AS ${sql.raw(`s${i}`)}`)
  const conditions = topLevel.map((clause, i) => sql`, ${clauseSql(clause, search)} AS ${flags[i]!}`)
  const [scan] = await readRows<Record<string, string | number | null>>(sql`
    SELECT count(*) AS total${sql.join(stepCounts, sql``)},
      array_to_string((array_agg(row_index ORDER BY ${fullOrderSql(sort)}) FILTER (WHERE ${matched}))[1:${CHAT_PLAN.maxRowIndexes}], ',') AS indexes
      ${inScan ? sql`, ${inScan.select(matched)}` : sql``},
      ${duplicateCountsSelect(identifying, matched, { withExact: identifying.length === 0 })}
    FROM (SELECT row_index, data${sql.join(conditions, sql``)} FROM ${rowsFrom(source.id)} OFFSET 0) AS r`)

  const totalRows = Number(scan?.total ?? 0)
  const counts = topLevel.map((_, i) => Number(scan?.[`s${i}`] ?? 0))
  const count = counts.at(-1) ?? totalRows
  const rowIndexes = typeof scan?.indexes === 'string' && scan.indexes !== '' ? scan.indexes.split(',').map(Number) : []
  const rowIndexesComplete = count <= CHAT_PLAN.maxRowIndexes
  const criteria = describeCriteria(plan.where)
  const steps = [{ description: 'All rows in the file', count: totalRows }, ...criteria.map((description, i) => ({ description, count: counts[i] ?? 0 }))]

  const limit = plan.limit ?? CHAT_PLAN.defaultLimit
  const byKey = new Map(columns.map((column) => [column.key, column.name]))
  const rows = (await rowsByIndex(source.id, rowIndexes.slice(0, limit))).map((row) => ({
    rowIndex: row.rowIndex,
    values: Object.fromEntries(Object.entries(row.values).flatMap(([key, value]) => (byKey.has(key) ? [[byKey.get(key)!, value]] : []))),
  }))
  let answer: AggregateResult | null = null
  if (aggregate?.op === 'count_by' && aggregateColumn) {
    answer = await countBy(source.id, clauseSql({ all: topLevel }, search), aggregateColumn, aggregate.limit ?? CHAT_PLAN.defaultGroups)
  } else if (inScan) {
    answer = inScan.result(scan ?? {})
  } else if (aggregate) {
    answer = { op: 'count', column: null, value: count }
  }
  const repeats = duplicateCountsOf(identifying, scan ?? {})
  const duplicates = { exactRows: repeats.exactRows, columns: repeats.columns.filter((c) => c.rows > 0).map((c) => ({ column: c.name, rows: c.rows })) }
  return { count, rowIndexes, rowIndexesComplete, rows, aggregate: answer, criteria, totalRows, steps, duplicates }
}

type ScanAggregate = {
  /** Its select-list items over the scan's rows, counting only those `matched`. */
  select: (matched: SQL) => SQL
  result: (row: Record<string, string | number | null>) => AggregateResult
}

/** An aggregate other than a grouping, computed in the plan's one scan. */
function scanAggregate(op: Exclude<Aggregate['op'], 'count' | 'count_by'>, column: ViewColumn): ScanAggregate {
  const cell = cellSql(column.key)
  const skipped = (row: Record<string, string | number | null>) => Number(row.agg_skipped ?? 0)
  if (op === 'count_distinct') {
    return {
      select: (matched) => sql`count(DISTINCT rowcraft_fold(${cell})) FILTER (WHERE ${matched} AND btrim(${cell}) <> '') AS agg_value`,
      result: (row) => ({ op, column: column.name, value: Number(row.agg_value ?? 0) }),
    }
  }
  if (column.type === 'date') {
    if (op !== 'min' && op !== 'max') throw new AppError('VALIDATION_FAILED', PLAN_MESSAGES.cannotAddDates(column.name))
    const direction = sql.raw(op === 'min' ? 'ASC' : 'DESC')
    const dateKey = dateKeySql(column)
    return {
      select: (matched) => sql`
        (array_agg(btrim(${cell}) ORDER BY ${dateKey} ${direction}, row_index) FILTER (WHERE ${matched} AND ${dateKey} IS NOT NULL))[1] AS agg_value,
        count(*) FILTER (WHERE ${matched} AND btrim(${cell}) <> '' AND ${dateKey} IS NULL) AS agg_skipped`,
      result: (row) => ({ op, column: column.name, value: row.agg_value === null || row.agg_value === undefined ? null : String(row.agg_value), skipped: skipped(row) }),
    }
  }
  const fn = sql.raw(op)
  return {
    select: (matched) => sql`
      (${fn}(rowcraft_num(${cell})) FILTER (WHERE ${matched}))::float8 AS agg_value,
      count(*) FILTER (WHERE ${matched} AND btrim(${cell}) <> '' AND rowcraft_num(${cell}) IS NULL) AS agg_skipped`,
    result: (row) => ({ op, column: column.name, value: row.agg_value === null || row.agg_value === undefined ? null : Number(row.agg_value), skipped: skipped(row) }),
  }
}

/** A grouping: values that differ only in case, accents or outer spaces are one group, shown as most often written. */
async function countBy(uploadId: string, where: SQL, column: ViewColumn, limit: number): Promise<AggregateResult> {
  const cell = cellSql(column.key)
  const groups = await readRows<{ value: string | null; n: number | string; groups: number | string }>(sql`
    SELECT mode() WITHIN GROUP (ORDER BY coalesce(btrim(${cell}), '')) AS value, count(*) AS n, count(*) OVER () AS groups
    FROM ${rowsFrom(uploadId)} WHERE ${where}
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
