import { sql, type SQL } from 'drizzle-orm'
import { CHAT_PLAN } from '#common/constants'
import { describeCriteria, topLevelConditions } from '#common/plan-text'
import type { Aggregate, AggregateCompare, AggregateResult, MeasureOp, Plan, PlanResult } from '#common/schemas/plans'
import { identifyingColumnsOf } from '#common/schemas/duplicates'
import { duplicateKeysJoinSql, duplicateLabelSql, refreshDuplicateKeysSoon } from './duplicate-keys.ts'
import { duplicateCountsOf, duplicateCountsSelect, duplicateKeysSql, type DedupeColumn } from './duplicates-sql.ts'
import { comparableOf, compareFigure, compareTargetOrThrow, groupKeySql, measureInputNamesSql, measureInputsSql, measureLateSql, measureSql, type MeasureSql } from './plan-aggregates.ts'
import { clauseSql, resolveCondition, resolveSubjectOrThrow, subjectSortSql, type ResolvedSubject } from './plan-sql.ts'
import { orderByValueSql, readRows, readWholeFile, rowsByIndex, rowsFrom, searchSource, storedColumnsOf, type RowSource } from './row-reader.ts'
import type { ViewColumn } from './view-sql.ts'

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

type ScanRow = Record<string, string | number | null>
/** A yes/no question's comparison, its value read (a number, or a date's yyyymmdd). */
type Compare = AggregateCompare & { target: number }

/** The plan's aggregate, resolved and checked before anything runs. */
type Planned =
  | { kind: 'none' }
  | { kind: 'count' | 'exists'; compare: Compare | null }
  | { kind: 'scan'; op: MeasureOp; measure: MeasureSql; compare: Compare | null }
  | { kind: 'groups'; op: 'count_by' | 'group_by'; subject: ResolvedSubject; measures: MeasureSql[]; limit: number; direction: 'asc' | 'desc' }

function planAggregate(aggregate: Aggregate | undefined, columns: readonly ViewColumn[]): Planned {
  if (!aggregate) return { kind: 'none' }
  if (aggregate.op === 'exists') return { kind: 'exists', compare: null }
  if (aggregate.op === 'count') {
    const compare = aggregate.compare ? { ...aggregate.compare, target: compareTargetOrThrow({ kind: 'number', label: null, dateOrder: null }, aggregate.compare) } : null
    return { kind: 'count', compare }
  }
  const subject = resolveSubjectOrThrow(columns, aggregate)
  if (aggregate.op === 'count_by') return { kind: 'groups', op: 'count_by', subject, measures: [measureSql('count', null, 'g0')], limit: aggregate.limit ?? CHAT_PLAN.defaultGroups, direction: 'desc' }
  if (aggregate.op === 'group_by') {
    const measures = aggregate.measures.map((m, i) => measureSql(m.op, 'column' in m || 'formula' in m ? resolveSubjectOrThrow(columns, m) : null, `g${i}`))
    return { kind: 'groups', op: 'group_by', subject, measures, limit: aggregate.limit ?? CHAT_PLAN.defaultGroups, direction: aggregate.direction ?? 'desc' }
  }
  const measure = measureSql(aggregate.op, subject, 'agg')
  const compare = aggregate.compare ? { ...aggregate.compare, target: compareTargetOrThrow(measure, aggregate.compare) } : null
  return { kind: 'scan', op: aggregate.op, measure, compare }
}

async function runPlanOver(source: RowSource, plan: Plan, columns: ViewColumn[]): Promise<PlanResult> {
  const topLevel = topLevelConditions(plan.where).map((condition) => resolveCondition(condition, columns))
  const sort = plan.sort ? { subject: resolveSubjectOrThrow(columns, plan.sort), direction: plan.sort.direction } : undefined
  const planned = planAggregate(plan.aggregate, columns)
  const inScan = planned.kind === 'scan' ? planned.measure : null

  const identifying = identifyingColumnsOf(columns)
  const search = searchSource()
  const flags = topLevel.map((_, i) => sql.raw(`m${i}`))
  const matched = flags.length === 0 ? sql`true` : sql.join(flags, sql` AND `)
  const stepCounts = flags.map((_, i) => sql`, count(*) FILTER (WHERE ${sql.join(flags.slice(0, i + 1), sql` AND `)}) AS ${sql.raw(`s${i}`)}`)
  const conditions = topLevel.map((clause, i) => sql`, ${clauseSql(clause, search)} AS ${flags[i]!}`)
  // A formula to sort by is computed once a row, beside the conditions.
  const sortInput = sort && 'formula' in sort.subject ? sql`, ${subjectSortSql(sort.subject)} AS sort_v` : sql``
  // Repeats in a column that identifies a lead are counted from the stored labels; whole rows are
  // compared only in a file with no such column.
  const repeats = identifying.length === 0 ? { keys: duplicateKeysSql([], matched), counts: duplicateCountsSelect([]), join: sql`` } : labelCountsSql(source.id, identifying, matched)
  const order = sort ? orderByValueSql('formula' in sort.subject ? sql.raw('sort_v') : subjectSortSql(sort.subject), sort.direction) : sql`row_index ASC`
  const [scan] = await readWholeFile<ScanRow>(sql`
    SELECT count(*) AS total${sql.join(stepCounts, sql``)},
      array_to_string((array_agg(row_index ORDER BY ${order}) FILTER (WHERE ${matched}))[1:${CHAT_PLAN.maxRowIndexes}], ',') AS indexes
      ${inScan ? sql`, ${inScan.select(matched)}` : sql``},
      ${repeats.counts}
    FROM (
      SELECT r.*, ${repeats.keys}${inScan ? measureLateSql([inScan]) : sql``}
      FROM (SELECT row_index, data${sql.join(conditions, sql``)}${sortInput}${inScan ? measureInputsSql([inScan]) : sql``} FROM ${rowsFrom(source.id)} OFFSET 0) AS r
      ${repeats.join}
      OFFSET 0) AS r`)

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
  // The groups read the rows the scan matched by their indexes, so no condition (a formula's
  // above all) is computed twice; past the indexes the scan lists, the conditions again.
  const groupsWhere = topLevel.length === 0 ? sql`true` : rowIndexesComplete ? sql`row_index = ANY(${`{${rowIndexes.join(',')}}`}::integer[])` : clauseSql({ all: topLevel }, search)
  const answer = await aggregateOf(planned, { source, where: groupsWhere, scan: scan ?? {}, count })
  const counted = await repeatsOf(source.id, identifying, scan ?? {}, groupsWhere)
  const duplicates = { exactRows: counted.exactRows, columns: counted.columns.filter((c) => c.rows > 0).map((c) => ({ column: c.name, rows: c.rows })) }
  return { count, rowIndexes, rowIndexesComplete, rows, aggregate: answer, criteria, totalRows, steps, duplicates }
}

/**
 * The scan's counts of repeats from the stored labels (duplicate-keys.ts): per identifying column,
 * `dup_<i>` the matched rows whose label an earlier matched row has, and `dst_<i>` the matched rows
 * whose label is missing or older than their cell.
 */
function labelCountsSql(uploadId: string, columns: DedupeColumn[], matched: SQL) {
  const labels = columns.map((column, i) => sql`CASE WHEN ${matched} THEN ${duplicateLabelSql(column, sql`dup_keys.keys`)} END AS ${sql.raw(`dl_${i}`)}`)
  const counts = columns.map((_, i) => {
    const label = sql.raw(`dl_${i}`)
    return sql`count(*) FILTER (WHERE ${label} = -2) AS ${sql.raw(`dst_${i}`)}, count(${label}) FILTER (WHERE ${label} >= 0) - count(DISTINCT ${label}) FILTER (WHERE ${label} >= 0) AS ${sql.raw(`dup_${i}`)}`
  })
  return { keys: sql.join(labels, sql`, `), counts: sql`NULL::bigint AS dup_exact, ${sql.join(counts, sql`, `)}`, join: duplicateKeysJoinSql(uploadId, sql`r`) }
}

/**
 * The repeats among the matched rows: from the scan's label counts, except in a column where a
 * matched row changed since the labels were written (or is new): that column's values are
 * compared again over the matched rows (`matchedWhere`), and the labels are written again.
 */
async function repeatsOf<C extends DedupeColumn>(uploadId: string, columns: C[], scan: ScanRow, matchedWhere: SQL) {
  const counted = duplicateCountsOf(columns, scan)
  const stale = columns.flatMap((column, i) => (Number(scan[`dst_${i}`] ?? 0) > 0 ? [{ column, i }] : []))
  if (stale.length === 0) return counted
  refreshDuplicateKeysSoon(uploadId)
  const staleColumns = stale.map(({ column }) => column)
  const [row = {}] = await readRows<ScanRow>(sql`
    SELECT ${duplicateCountsSelect(staleColumns, { withExact: false })}
    FROM (SELECT ${duplicateKeysSql(staleColumns, sql`true`, { withExact: false })} FROM ${rowsFrom(uploadId)} WHERE ${matchedWhere} OFFSET 0) AS k`)
  const recounted = duplicateCountsOf(staleColumns, row).columns
  return { ...counted, columns: counted.columns.map((column, i) => recounted[stale.findIndex((s) => s.i === i)] ?? column) }
}

async function aggregateOf(planned: Planned, { source, where, scan, count }: { source: RowSource; where: SQL; scan: ScanRow; count: number }): Promise<AggregateResult | null> {
  switch (planned.kind) {
    case 'none':
      return null
    case 'exists':
      return { op: 'exists', column: null, value: count, answer: count > 0 }
    case 'count': {
      if (!planned.compare) return { op: 'count', column: null, value: count }
      const { op, value, target } = planned.compare
      return { op: 'count', column: null, value: count, compare: { op, value }, answer: compareFigure(count, op, target) }
    }
    case 'scan': {
      const { measure, compare } = planned
      const figure = measure.read(scan)
      const label = measure.label!
      const answered = compare ? { compare: { op: compare.op, value: compare.value }, answer: compareFigure(comparableOf(measure, scan, 'agg'), compare.op, compare.target) } : {}
      if (planned.op === 'count_distinct') return { op: 'count_distinct', column: label, value: Number(figure.value ?? 0), ...answered }
      return { op: planned.op, column: label, value: figure.value, skipped: figure.skipped, ...answered }
    }
    case 'groups':
      return groupsOf(source.id, where, planned)
  }
}

/**
 * The groups of a `count_by` or `group_by`: values that differ only in case, accents or outer
 * spaces are one group, named by their most common spelling, ordered by the first measure (the
 * rows, for count_by), largest first, ties by value. Over `ITEMS(...)`, a row is in the group of
 * each of its items, once however often it lists one; a row with no items is in the empty group.
 */
async function groupsOf(uploadId: string, where: SQL, planned: Extract<Planned, { kind: 'groups' }>): Promise<AggregateResult> {
  const { key, items } = groupKeySql(planned.subject)
  const { measures } = planned
  // The rows' inputs, then the measures' late items over them: past those, `data` goes on only
  // to the items of a list.
  const inner = items
    ? sql`(SELECT r0.*${measureLateSql(measures)} FROM (SELECT row_index, data${measureInputsSql(measures)} FROM ${rowsFrom(uploadId)} WHERE ${where} OFFSET 0) AS r0 OFFSET 0) AS r LEFT JOIN LATERAL (${items}) AS it ON true`
    : sql`(SELECT row_index, gk${measureInputNamesSql(measures)}${measureLateSql(measures)}
        FROM (SELECT row_index, data, ${key} AS gk${measureInputsSql(measures)} FROM ${rowsFrom(uploadId)} WHERE ${where} OFFSET 0) AS r0 OFFSET 0) AS r`
  const groupKey = items ? key : sql.raw('gk')
  const direction = sql.raw(planned.direction === 'asc' ? 'ASC' : 'DESC')
  const rows = await readWholeFile<ScanRow>(sql`
    SELECT mode() WITHIN GROUP (ORDER BY coalesce(btrim(${groupKey}), '')) AS group_value, count(*) AS group_rows,
      ${sql.join(measures.map((m) => m.select(sql`true`)), sql`, `)}, count(*) OVER () AS group_total
    FROM ${inner}
    GROUP BY coalesce(rowcraft_fold(${groupKey}), '')
    ORDER BY ${measures[0]!.order} ${direction} NULLS LAST, coalesce(rowcraft_fold(${groupKey}), '') ASC
    LIMIT ${planned.limit}`)
  const total = Number(rows[0]?.group_total ?? 0)
  const otherGroups = Math.max(0, total - rows.length)
  const column = planned.subject.label
  if (planned.op === 'count_by') return { op: 'count_by', column, groups: rows.map((row) => ({ value: String(row.group_value ?? ''), count: Number(row.group_rows) })), otherGroups }
  return {
    op: 'group_by',
    column,
    measures: measures.map((m) => ({ op: m.op, column: m.label })),
    groups: rows.map((row) => ({ value: String(row.group_value ?? ''), count: Number(row.group_rows), measures: measures.map((m) => m.read(row)) })),
    otherGroups,
  }
}
