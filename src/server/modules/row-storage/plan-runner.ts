import { sql, type SQL } from 'drizzle-orm'
import { CHAT_PLAN } from '#common/constants'
import { describeCriteria, topLevelConditions } from '#common/plan-text'
import { parseFormula, type FormulaColumn } from '#common/formula/parse'
import { PLAN_MESSAGES } from '#common/messages'
import type { FormulaNode, ValueKind } from '#common/schemas/formula'
import type { Aggregate, AggregateCompare, AggregateResult, Condition, GroupMeasure, MeasureOp, Plan, PlanResult } from '#common/schemas/plans'
import { AppError } from '#server/platform/app-error'
import { recordIdentityColumnsOf } from '#common/schemas/duplicates'
import { duplicateLabelsJoinSql, duplicateLabelSql } from './duplicate-labels.ts'
import { duplicateCountsOf, duplicateCountsSelect, comparedValuesSql, type DedupeColumn } from './duplicates-sql.ts'
import { comparableOf, compareFigure, compareTargetOrThrow, groupKeySql, measureItemsSql, measureSql, type MeasureSql } from './plan-aggregates.ts'
import { formulaOverFiguresSql, formulaValueTextSql } from './formula-sql.ts'
import { clauseSql, hasFigure, resolveCondition, resolveSubjectOrThrow, ScanFormulas, subjectSortSql, withFigureValues, type ResolvedSubject, type SearchSource } from './plan-sql.ts'
import { figureReader, orderByValueSql, readRows, readWholeFile, rowsByIndex, rowsFrom, searchSource, storedColumnsOf, type RowSource } from './row-reader.ts'
import { KEEP_VALUES, type ViewColumn } from './view-sql.ts'

/**
 * Runs a query plan over every row of one upload (issue 22): the rows it matches, in its order,
 * its aggregate, and a count after each of its top-level conditions. Everything here is computed
 * by the database; nothing is estimated from a sample.
 *
 * One scan of the upload answers the counts, the ordered row list and the aggregate, a
 * grouping's too: each top-level condition is evaluated once a row (`KEEP_VALUES` keeps the
 * planner from copying a condition into every count that uses it), each formula once however
 * many conditions and measures read it, and the rest read their answers. A count after each step
 * reads every row anyway, so an index would save nothing; and none is built for a plan, so a plan
 * over a new column answers at once. The same scan counts the
 * matched rows that repeat another record by the one rule of the quality report and 'Remove
 * duplicates' (`recordIdentityColumnsOf`: its id and e-mail columns together; in a file without
 * them, whole rows exactly, which cost several times more to compare), so an answer can say its
 * count holds duplicates. A shared website or domain is not a duplicate (issue 44).
 */
export async function runPlan({ source, plan, shown = FULL_ANSWER }: { source: RowSource; plan: Plan; shown?: PlanShown }): Promise<PlanResult> {
  return runPlanOver(source, plan, await storedColumnsOf(source.id), shown)
}

/**
 * How much of the matching rows an answer carries: `rows` with their values (the plan's `limit`,
 * at most this) and `rowIndexes` indexes (past them, `rowIndexesComplete` is false). A door that
 * shows less than the REST answer (an MCP tool) asks for what it shows, so nothing is read to be
 * thrown away; the count, steps, aggregate and repeats are the same whatever it asks for.
 */
export type PlanShown = { rows: number; rowIndexes: number }

const FULL_ANSWER: PlanShown = { rows: CHAT_PLAN.maxLimit, rowIndexes: CHAT_PLAN.maxRowIndexes }

/**
 * A plan's computed answer and the upload's column names in their order (an answer shows both),
 * over columns the caller read once for the whole answer (`storedColumnsOf`): a chat question
 * resolves its plans against the columns its profile showed the model.
 */
export async function runPlanWithColumns({ source, plan, columns }: { source: RowSource; plan: Plan; columns: ViewColumn[] }): Promise<{ computed: PlanResult; columnNames: string[] }> {
  return { computed: await runPlanOver(source, plan, columns, FULL_ANSWER), columnNames: columns.map((column) => column.name) }
}

type ScanRow = Record<string, string | number | null>
/** A yes/no question's comparison, its value read (a number, or a date's yyyymmdd). */
type Compare = AggregateCompare & { target: number }

/**
 * A measure of a grouping or an expression: its SQL, the flag of its own condition (`only`, a
 * column of the scan: the rows it counts are the matched rows where that holds too), and its name.
 */
type Measured = { sql: MeasureSql; only: SQL | null; name: string | null }

/** An expression over the measures (issue 44), checked: its tree reads measure `i` as the column `m<i>`. */
type Expression = { text: string; ast: FormulaNode; type: ValueKind }

/** The plan's aggregate, resolved and checked before anything runs. */
type Planned =
  | { kind: 'none' }
  | { kind: 'count' | 'exists'; compare: Compare | null }
  | { kind: 'scan'; op: MeasureOp | 'percentile'; measure: MeasureSql; compare: Compare | null }
  | { kind: 'expression'; measures: Measured[]; expression: Expression }
  | { kind: 'groups'; op: 'count_by' | 'group_by'; subject: ResolvedSubject; measures: Measured[]; expression: Expression | null; limit: number; direction: 'asc' | 'desc' }

/** A measure's own condition, a flag computed on every row of the scan (`w<i>`), named here by the caller. */
type MeasureFlags = { add: (where: Condition) => SQL }

/**
 * Measures as asked, prefixed `p<i>`: each one's own condition first (a flag of every row, so its
 * formulas are added before any of the matched rows'), then the measures themselves.
 */
function planMeasures(asked: readonly GroupMeasure[], p: string, columns: readonly ViewColumn[], formulas: ScanFormulas, flags: MeasureFlags, rows: 'every' | 'matched'): Measured[] {
  const only = asked.map((m) => (m.where ? flags.add(m.where) : null))
  const names = new Map<string, string>()
  for (const m of asked) {
    if (!m.name) continue
    const folded = m.name.trim().toLowerCase()
    if (names.has(folded)) throw new AppError('VALIDATION_FAILED', PLAN_MESSAGES.measureNamedTwice(m.name))
    names.set(folded, m.name)
  }
  return asked.map((m, i) => ({
    sql: measureSql(m, 'column' in m || 'formula' in m ? resolveSubjectOrThrow(columns, m) : null, `${p}${i}`, (formula) => formulas.add(formula, rows)),
    only: only[i]!,
    name: m.name ?? null,
  }))
}

/** An expression over the named measures, checked (a 422 that says where it goes wrong). */
function planExpression(text: string | undefined, measures: readonly Measured[]): Expression | null {
  if (text === undefined) return null
  const named: FormulaColumn[] = measures.flatMap((m, i) => (m.name === null ? [] : [{ key: `m${i}`, name: m.name, type: m.sql.kind === 'date' ? ('date' as const) : ('number' as const) }]))
  const parsed = parseFormula(text, named, { measures: true })
  if (!parsed.ok) throw new AppError('VALIDATION_FAILED', PLAN_MESSAGES.expressionProblem(text, parsed.error.message), { at: parsed.error.at, expression: text })
  return { text, ast: parsed.ast, type: parsed.type }
}

/** The expression's value over the measures' figures, read from the select below (its kind: a number, a date key...). */
function expressionSql(expression: Expression, measures: readonly Measured[]): SQL {
  return formulaOverFiguresSql(expression.ast, (key) => measures[Number(key.slice(1))]!.sql.figure)
}

/** The expression's value as an answer gives it: a number, else as a formula column writes it (text). */
function expressionAnswerSql(expression: Expression, value: SQL): SQL {
  return expression.type === 'number' ? value : formulaValueTextSql(value, expression.type)
}

function planAggregate(aggregate: Aggregate | undefined, columns: readonly ViewColumn[], formulas: ScanFormulas, flags: MeasureFlags): Planned {
  if (!aggregate) return { kind: 'none' }
  if (aggregate.op === 'expression') {
    const measures = planMeasures(aggregate.measures, 'e', columns, formulas, flags, 'every')
    return { kind: 'expression', measures, expression: planExpression(aggregate.expression, measures)! }
  }
  if (aggregate.op === 'exists') return { kind: 'exists', compare: null }
  if (aggregate.op === 'count') {
    const compare = aggregate.compare ? { ...aggregate.compare, target: compareTargetOrThrow({ kind: 'number', label: null, dateOrder: null }, aggregate.compare) } : null
    return { kind: 'count', compare }
  }
  const subject = resolveSubjectOrThrow(columns, aggregate)
  if (aggregate.op === 'count_by') {
    const measures = [{ sql: measureSql({ op: 'count' }, null, 'g0', (formula) => formulas.add(formula, 'matched')), only: null, name: null }]
    return { kind: 'groups', op: 'count_by', subject, measures, expression: null, limit: aggregate.limit ?? CHAT_PLAN.defaultGroups, direction: 'desc' }
  }
  if (aggregate.op === 'group_by') {
    const measures = planMeasures(aggregate.measures, 'g', columns, formulas, flags, 'matched')
    const expression = planExpression(aggregate.expression, measures)
    return { kind: 'groups', op: 'group_by', subject, measures, expression, limit: aggregate.limit ?? CHAT_PLAN.defaultGroups, direction: aggregate.direction ?? 'desc' }
  }
  const measure = measureSql(aggregate, subject, 'agg', (formula) => formulas.add(formula))
  const compare = aggregate.compare ? { ...aggregate.compare, target: compareTargetOrThrow(measure, aggregate.compare) } : null
  return { kind: 'scan', op: aggregate.op, measure, compare }
}

/**
 * A row against its column (issue 44): each figure a condition compares with ("above the average
 * salary"), in the plan's conditions or a measure's own, computed once, over every row, and the
 * condition given that number as its value (`withFigureValues`). The criteria keep the figure's
 * words ('Salary is greater than the average of Salary (over every row)').
 */
async function withFiguresComputed(source: RowSource, plan: Plan, columns: ViewColumn[]): Promise<Plan> {
  const figureOf = figureReader(source.id, columns)
  const where = plan.where ? await withFigureValues(plan.where, figureOf) : undefined
  // A measure's own condition may compare with a figure too ("the share of rows above the average").
  const measures = async (asked: GroupMeasure[]) => Promise.all(asked.map(async (m) => (m.where ? { ...m, where: await withFigureValues(m.where, figureOf) } : m)))
  const aggregate = plan.aggregate?.op === 'group_by' || plan.aggregate?.op === 'expression' ? { ...plan.aggregate, measures: await measures(plan.aggregate.measures) } : plan.aggregate
  return { ...plan, ...(where ? { where } : {}), ...(aggregate ? { aggregate } : {}) }
}

const planHasFigure = (plan: Plan) =>
  (plan.where !== undefined && hasFigure(plan.where)) || ((plan.aggregate?.op === 'group_by' || plan.aggregate?.op === 'expression') && plan.aggregate.measures.some((m) => m.where !== undefined && hasFigure(m.where)))

/** The flags of measures' own conditions: each a column `w<i>` of the scan, computed on every row. */
function measureFlags(columns: readonly ViewColumn[], search: SearchSource, formulas: ScanFormulas) {
  const items: SQL[] = []
  const names: string[] = []
  const flags: MeasureFlags = {
    add: (where) => {
      const name = `w${names.length}`
      items.push(sql`, ${clauseSql(resolveCondition(where, columns), search, formulas)} AS ${sql.raw(name)}`)
      names.push(name)
      return sql.raw(name)
    },
  }
  return { flags, items, names }
}

async function runPlanOver(source: RowSource, asked: Plan, columns: ViewColumn[], shown: PlanShown): Promise<PlanResult> {
  const plan = planHasFigure(asked) ? await withFiguresComputed(source, asked, columns) : asked
  const topLevel = topLevelConditions(plan.where).map((condition) => resolveCondition(condition, columns))
  const sort = plan.sort ? { subject: resolveSubjectOrThrow(columns, plan.sort), direction: plan.sort.direction } : undefined
  const search = searchSource()
  const flags = topLevel.map((_, i) => sql.raw(`m${i}`))
  const matched = flags.length === 0 ? sql`true` : sql.join(flags, sql` AND `)
  // The conditions first: the formulas they read become columns of the scan, which a measure or
  // a grouping reading the same formula then reads.
  const formulas = new ScanFormulas()
  const conditions = topLevel.map((clause, i) => sql`, ${clauseSql(clause, search, formulas)} AS ${flags[i]!}`)
  // A formula to sort by is computed once a row, beside the conditions'.
  const sortValue = sort ? subjectSortSql(sort.subject, formulas) : null
  const own = measureFlags(columns, search, formulas)
  const planned = planAggregate(plan.aggregate, columns, formulas, own.flags)
  // The measures of the scan itself (not of groups): the aggregate's one, or an expression's.
  const inScan: Measured[] = planned.kind === 'scan' ? [{ sql: planned.measure, only: null, name: null }] : planned.kind === 'expression' ? planned.measures : []
  const scanMeasures = inScan.map((m) => m.sql)
  const grouped = planned.kind === 'groups' ? { planned, key: groupKeySql(planned.subject, formulas) } : null

  const identifying = recordIdentityColumnsOf(columns)
  const stepCounts = flags.map((_, i) => sql`, count(*) FILTER (WHERE ${sql.join(flags.slice(0, i + 1), sql` AND `)}) AS ${sql.raw(`s${i}`)}`)
  // Repeats of a record by its identity columns are counted from the stored labels; whole rows are
  // compared only in a file with no such column.
  const repeats = identifying.length === 0 ? { keys: comparedValuesSql([], matched), names: ['dk_exact'], counts: duplicateCountsSelect([]), join: sql`` } : labelCountsSql(source.id, identifying, matched)
  const order = sortValue ? orderByValueSql(sql.raw('sort_v'), sort!.direction) : sql`row_index ASC`
  // Each row's values, each computed once: the formulas of every row; over them the conditions
  // and the scan's measure; then, past the conditions, the formulas only the matched rows need;
  // then the repeats' labels, the sort value and a grouping's key and measures (of matched rows).
  const conditioned = sql`(SELECT row_index, data${formulas.everyRowNames()}${sql.join(conditions, sql``)}${sql.join(own.items, sql``)}${measureItemsSql(scanMeasures, 'inputs')}, ${KEEP_VALUES} FROM ${formulas.overEveryRow(rowsFrom(source.id))}) AS r`
  const perRow = sql`
      SELECT r.*, ${KEEP_VALUES}, ${repeats.keys}${sortValue ? sql`, CASE WHEN ${matched} THEN ${sortValue} END AS sort_v` : sql``}${measureItemsSql(scanMeasures, 'late')}${grouped ? groupInputsSql(grouped, matched) : sql``}
      FROM ${formulas.overMatchedRows(conditioned, matched)}
      ${repeats.join}`
  const figures = sql`
    SELECT count(*) AS total${sql.join(stepCounts, sql``)},
      array_to_string((array_agg(row_index ORDER BY ${order}) FILTER (WHERE ${matched}))[1:${shown.rowIndexes}], ',') AS indexes
      ${sql.join(inScan.map((m) => sql`, ${m.sql.select(m.only ? sql`(${matched} AND ${m.only})` : matched)}`), sql``)},
      ${repeats.counts}`
  // A grouping reads the same rows: they are kept once, narrow (without `data`), for the figures
  // and the groups, instead of reading the file a second time.
  let statement = sql`${figures} FROM (${perRow}) AS r`
  if (grouped) {
    const measures = grouped.planned.measures.map((m) => m.sql)
    const kept = ['row_index', ...flags.map((_, i) => `m${i}`), ...own.names, ...(sortValue ? ['sort_v'] : []), ...repeats.names, ...('items' in grouped.key ? ['gk'] : ['gs', 'gf'])]
    statement = sql`
    WITH r AS MATERIALIZED (
      SELECT ${sql.raw(kept.join(', '))}${measureItemsSql(measures, 'inputs', { namesOnly: true })}${measureItemsSql(measures, 'late', { when: matched })}
      FROM (${perRow}) AS r)
    ${figures}, ${groupsSql(grouped, matched)} AS groups
    FROM r`
  }
  // An expression over the scan's measures, by the database, from the figures it computed.
  if (planned.kind === 'expression') {
    statement = sql`SELECT f.*, ${expressionAnswerSql(planned.expression, expressionSql(planned.expression, planned.measures))} AS expression_value FROM (${statement}) AS f`
  }
  const [scan] = await readWholeFile<ScanRow>(statement)

  const totalRows = Number(scan?.total ?? 0)
  const counts = topLevel.map((_, i) => Number(scan?.[`s${i}`] ?? 0))
  const count = counts.at(-1) ?? totalRows
  const rowIndexes = typeof scan?.indexes === 'string' && scan.indexes !== '' ? scan.indexes.split(',').map(Number) : []
  const rowIndexesComplete = count <= shown.rowIndexes
  const criteria = describeCriteria(asked.where)
  const steps = [{ description: 'All rows in the file', count: totalRows }, ...criteria.map((description, i) => ({ description, count: counts[i] ?? 0 }))]

  const limit = Math.min(plan.limit ?? CHAT_PLAN.defaultLimit, shown.rows)
  const byKey = new Map(columns.map((column) => [column.key, column.name]))
  const rows = (await rowsByIndex(source.id, rowIndexes.slice(0, limit))).map((row) => ({
    rowIndex: row.rowIndex,
    values: Object.fromEntries(Object.entries(row.values).flatMap(([key, value]) => (byKey.has(key) ? [[byKey.get(key)!, value]] : []))),
  }))
  const answer = aggregateOf(planned, { scan: scan ?? {}, count })
  // Stale labels are compared again over the rows the scan matched, read by their indexes, so no
  // condition (a formula's above all) is computed twice; past the indexes the scan lists, the
  // conditions again.
  const matchedWhere = topLevel.length === 0 ? sql`true` : rowIndexesComplete ? sql`row_index = ANY(${`{${rowIndexes.join(',')}}`}::integer[])` : clauseSql({ all: topLevel }, search)
  const counted = await repeatsOf(source.id, identifying, scan ?? {}, matchedWhere)
  const duplicates = {
    exactRows: counted.exactRows,
    columns: counted.columns.filter((c) => c.rows > 0).map((c) => ({ column: c.name, rows: c.rows })),
    records: { columns: identifying.map((c) => c.name), rows: counted.records },
  }
  return { count, rowIndexes, rowIndexesComplete, rows, aggregate: answer, criteria, totalRows, steps, duplicates }
}

type Grouped = { planned: Extract<Planned, { kind: 'groups' }>; key: ReturnType<typeof groupKeySql> }

/**
 * A matched row's group, computed for the matched rows only (in the scan's workers): its key's
 * spelling (`gs`) and folded value (`gf`), or over ITEMS its array of items (`gk`); and the inputs
 * of the measures.
 */
function groupInputsSql({ planned, key }: Grouped, matched: SQL): SQL {
  const group = 'items' in key ? sql`, CASE WHEN ${matched} THEN ${key.items} END AS gk` : sql`, CASE WHEN ${matched} THEN coalesce(btrim(${key.key}), '') END AS gs, CASE WHEN ${matched} THEN coalesce(rowcraft_fold(${key.key}), '') END AS gf`
  return sql`${group}${measureItemsSql(planned.measures.map((m) => m.sql), 'inputs', { when: matched })}`
}

/**
 * The groups of a `count_by` or `group_by` over the matched rows of the scan's rows (`r`), as a
 * JSON array: values that differ only in case, accents or outer spaces are one group, named by
 * their most common spelling, ordered by the first measure (the rows, for count_by), largest
 * first, ties by value. Over `ITEMS(...)`, a row is in the group of each of its items, once
 * however often it lists one; a row with no items is in the empty group.
 */
function groupsSql({ planned, key }: Grouped, matched: SQL): SQL {
  const { measures, expression } = planned
  const from = 'items' in key ? sql`r LEFT JOIN LATERAL unnest(r.gk) AS it(item) ON true` : sql`r`
  const spelling = 'items' in key ? sql`coalesce(btrim(it.item), '')` : sql`r.gs`
  const folded = 'items' in key ? sql`coalesce(rowcraft_fold(it.item), '')` : sql`r.gf`
  // Each group's figures, then (with an expression) its value over them, then their order.
  let groups = sql`
      SELECT ${folded} AS group_key, count(*) AS group_rows,
        ${sql.join(
          measures.map((m) => m.sql.select(m.only ?? sql`true`)),
          sql`, `,
        )}
      FROM ${from}
      WHERE ${matched}
      GROUP BY ${folded}`
  if (expression) {
    const value = expressionSql(expression, measures)
    groups = sql`SELECT y.*, ${value} AS group_order, ${expressionAnswerSql(expression, value)} AS group_expression FROM (${groups}) AS y`
  }
  const by = expression ? sql`group_order` : measures[0]!.sql.figure
  const order = sql`${by} ${sql.raw(planned.direction === 'asc' ? 'ASC' : 'DESC')} NULLS LAST, group_key ASC`
  // The most common spelling of each group kept (ties: the first in order, as mode() chose it),
  // from a hashed count of each (group, spelling): mode() sorted every group's rows, about a
  // third of a grouping plan's time on PGlite.
  return sql`(SELECT coalesce(json_agg(x ORDER BY x.group_rank), '[]'::json) FROM (SELECT s.spelling AS group_value, g.* FROM (
      SELECT z.*, count(*) OVER () AS group_total, row_number() OVER (ORDER BY ${order}) AS group_rank
      FROM (${groups}) AS z
      ORDER BY ${order}
      LIMIT ${planned.limit}) AS g
    JOIN (SELECT DISTINCT ON (folded) folded, spelling FROM (
        SELECT ${folded} AS folded, ${spelling} AS spelling, count(*) AS n FROM ${from} WHERE ${matched} GROUP BY 1, 2) AS c
      ORDER BY folded, n DESC, spelling) AS s ON s.folded = g.group_key) AS x)`
}

/**
 * The scan's counts of repeats from the stored labels (duplicate-labels.ts): per identity column,
 * `dup_<i>` the matched rows whose label an earlier matched row has, and `dst_<i>` the matched rows
 * whose label is missing or older than their cell; `dup_record` the matched rows whose labels
 * together (the record's identity) an earlier matched row has. Two valid rows are one record when
 * each identity column's labels agree (-1, an empty value, agrees with -1, as a record's key reads
 * it); rows with every identity value empty are never repeats.
 */
function labelCountsSql(uploadId: string, columns: DedupeColumn[], matched: SQL) {
  const labels = columns.map((column, i) => sql`CASE WHEN ${matched} THEN ${duplicateLabelSql(column, sql`dup_labels.keys`)} END AS ${sql.raw(`dl_${i}`)}`)
  const counts = columns.map((_, i) => {
    const label = sql.raw(`dl_${i}`)
    return sql`count(*) FILTER (WHERE ${label} = -2) AS ${sql.raw(`dst_${i}`)}, count(${label}) FILTER (WHERE ${label} >= 0) - count(DISTINCT ${label}) FILTER (WHERE ${label} >= 0) AS ${sql.raw(`dup_${i}`)}`
  })
  const names = columns.map((_, i) => sql.raw(`dl_${i}`))
  const isRecord = sql`(${sql.join(names.map((n) => sql`${n} >= -1`), sql` AND `)}) AND (${sql.join(names.map((n) => sql`${n} >= 0`), sql` OR `)})`
  const record = sql`count(*) FILTER (WHERE ${isRecord}) - count(DISTINCT concat_ws(',', ${sql.join(names, sql`, `)})) FILTER (WHERE ${isRecord}) AS dup_record`
  return { keys: sql.join(labels, sql`, `), names: columns.map((_, i) => `dl_${i}`), counts: sql`NULL::bigint AS dup_exact, ${sql.join(counts, sql`, `)}, ${record}`, join: duplicateLabelsJoinSql(uploadId, sql`r`) }
}

/**
 * The repeats among the matched rows: from the scan's label counts, unless a matched row changed
 * since the labels were written (or is new) in an identity column: then the values are compared
 * again over the matched rows (`matchedWhere`), per column and as records. A plan never writes the
 * labels again (CONVENTIONS 24): the writer that changed the rows asked for that
 * (`rows.refresh-duplicate-labels`). `records` is the record repeats (whole rows in a file without
 * identity columns).
 */
async function repeatsOf<C extends DedupeColumn>(uploadId: string, columns: C[], scan: ScanRow, matchedWhere: SQL) {
  const counted = duplicateCountsOf(columns, scan)
  if (columns.length === 0) return { ...counted, records: counted.exactRows ?? 0 }
  const isStale = columns.some((_, i) => Number(scan[`dst_${i}`] ?? 0) > 0)
  if (!isStale) return { ...counted, records: Number(scan.dup_record ?? 0) }
  const key = (i: number) => sql.raw(`dk_${i}`)
  const record = sql`CASE WHEN ${sql.join(columns.map((_, i) => sql`${key(i)} IS NOT NULL`), sql` OR `)} THEN jsonb_build_array(${sql.join(
    columns.map((_, i) => sql`coalesce(${key(i)}, '')`),
    sql`, `,
  )})::text END`
  const [row = {}] = await readRows<ScanRow>(sql`
    SELECT ${duplicateCountsSelect(columns, { withExact: false })}, count(${record}) - count(DISTINCT ${record}) AS dup_record
    FROM (SELECT ${comparedValuesSql(columns, sql`true`, { withExact: false })} FROM ${rowsFrom(uploadId)} WHERE ${matchedWhere} OFFSET 0) AS k`)
  return { ...counted, columns: duplicateCountsOf(columns, row).columns, records: Number(row.dup_record ?? 0) }
}

function aggregateOf(planned: Planned, { scan, count }: { scan: ScanRow; count: number }): AggregateResult | null {
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
      return { op: planned.op, column: label, ...(planned.op === 'percentile' ? { fraction: measure.fraction } : {}), value: figure.value, skipped: figure.skipped, ...answered }
    }
    case 'expression': {
      const value = expressionValueOf(planned.expression, scan.expression_value)
      return {
        op: 'expression',
        column: planned.expression.text,
        value,
        ...(planned.expression.type === 'boolean' ? { answer: value === 'true' } : {}),
        measures: planned.measures.map((m) => ({ ...measureAskedOf(m), ...m.sql.read(scan) })),
      }
    }
    case 'groups':
      return groupsOf(planned, (scan.groups ?? []) as unknown as ScanRow[])
  }
}

/** An expression's value as the database gave it: a number, or text (null when empty). */
function expressionValueOf(expression: Expression, value: ScanRow[string] | undefined): number | string | null {
  if (value === null || value === undefined) return null
  return expression.type === 'number' ? Number(value) : String(value)
}

/** A measure as an answer names it: its op, what it reads, a percentile's fraction, its name. */
function measureAskedOf({ sql: m, name }: Measured) {
  return { op: m.op, column: m.label, ...(m.op === 'percentile' ? { fraction: m.fraction } : {}), ...(name !== null ? { name } : {}) }
}

/** The answer of a `count_by` or `group_by` from the groups the scan listed (`groupsSql`). */
function groupsOf(planned: Extract<Planned, { kind: 'groups' }>, rows: ScanRow[]): AggregateResult {
  const { measures } = planned
  const total = Number(rows[0]?.group_total ?? 0)
  const otherGroups = Math.max(0, total - rows.length)
  const column = planned.subject.label
  // A grouping limited to one group ("the most common city") answers with that group's figure.
  const isOne = planned.limit === 1 && rows.length === 1
  if (planned.op === 'count_by') {
    const groups = rows.map((row) => ({ value: String(row.group_value ?? ''), count: Number(row.group_rows) }))
    return { op: 'count_by', column, ...(isOne ? { group: groups[0]!.value, value: groups[0]!.count } : {}), groups, otherGroups }
  }
  const { expression } = planned
  const groups = rows.map((row) => ({
    value: String(row.group_value ?? ''),
    count: Number(row.group_rows),
    measures: measures.map((m) => m.sql.read(row)),
    ...(expression ? { expression: expressionValueOf(expression, row.group_expression) } : {}),
  }))
  const headline = (group: (typeof groups)[number]) => (expression ? (group.expression ?? null) : group.measures[0]!.value)
  return {
    op: 'group_by',
    column,
    ...(isOne ? { group: groups[0]!.value, value: headline(groups[0]!) } : {}),
    measures: measures.map(measureAskedOf),
    ...(expression ? { expression: expression.text } : {}),
    groups,
    otherGroups,
  }
}
