import { sql, type SQL } from 'drizzle-orm'
import { recordIdentityColumnsOf, type DuplicateFigures, type DuplicateKeep, type IdentifierKind } from '#common/schemas/duplicates'
import { fold } from '#common/formula/values'
import { db, type Database } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { rowsFrom, type RowSource } from './row-reader.ts'
import { forEachRowSlice, sliceSql } from './row-slices.ts'
import { cellSql } from './view-sql.ts'

/**
 * Duplicate rows (issue 30 item 2): which rows repeat others, counted for the quality report and
 * for a chat answer, listed for 'Remove duplicates', and deleted with their AI cells.
 *
 * Every column but a website compares as plans compare text (`rowcraft_fold`: outer spaces,
 * case and Latin accents aside), so 'Ada@Example.com ' repeats 'ada@example.com'. A website
 * compares by its domain: 'https://www.Acme.com/about' repeats 'acme.com'. 'All columns' compares
 * the stored rows exactly. Empty values never repeat each other.
 */

type Executor = Pick<Database, 'execute'>

/** A column compared for repeats; `kind` says how (a website by its domain, anything else as text). */
export type DedupeColumn = { key: string; kind: IdentifierKind | 'text' }

/**
 * scheme://, user@ and www. dropped, then the host: everything up to the first '/', '?', '#' or
 * ':'. Read with substring() and groups that capture nothing else: a regexp_replace() of the whole
 * value with four captures and a trailing `.*$` took from 7 to 400 µs a value on PostgreSQL.
 */
const DOMAIN_PATTERN = '^(?:[a-z][a-z0-9+.-]*://)?(?:[^@/?#]*@)?(?:www\\.)?([^/?#:]*)'

/** The text a column compares by; '' for an empty cell. */
export function compareValueSql(column: DedupeColumn): SQL {
  const folded = sql`rowcraft_fold(${cellSql(column.key)})`
  if (column.kind !== 'website') return sql`coalesce(${folded}, '')`
  return sql`coalesce(substring(${folded} from ${DOMAIN_PATTERN}::text), '')`
}

const DOMAIN = new RegExp(DOMAIN_PATTERN)

/**
 * `compareValueSql` in TypeScript, for the import's one pass (`row-facts.ts`) and the labels'
 * refresh: `fold` is `rowcraft_fold`; `uploads/one-pass.test.ts` holds the two to one another over the test files.
 */
export function compareValue(cell: string, kind: DedupeColumn['kind']): string {
  const folded = fold(cell)
  if (kind !== 'website') return folded
  return DOMAIN.exec(folded)?.[1] ?? ''
}

/**
 * A record's identity as one text (`recordIdentityColumnsOf`): its identity columns' compared
 * values together, '' when they are all empty (such rows never repeat each other).
 */
export function recordKeyOf(values: string[]): string {
  return values.every((value) => value === '') ? '' : JSON.stringify(values)
}

/** Filled cells of a row: the most complete row of a group is the one kept when asked. */
const FILLED_CELLS = sql`(SELECT count(*) FROM jsonb_each_text(data) AS cell WHERE btrim(cell.value) <> '')`

export type DuplicateRows = { rowIndexes: number[]; groups: number }

/**
 * The rows that repeat another row by these columns (every column when 'all'), in row order: each
 * group keeps its first row, or its most complete one. Read a slice of rows per statement
 * (decision 032): each slice gives every row's group (an md5 of its compared values, or of the
 * whole stored row; null when it has nothing to compare) and, when asked, its filled cells; the
 * groups are formed here. The same answer as one window over the file
 * (`row_number() OVER (PARTITION BY <values> ORDER BY <filled> DESC, row_index)`, the test's
 * reference), without a statement that holds PGlite for the whole file.
 */
export async function findDuplicateRows(
  source: Pick<RowSource, 'id'>,
  { columns, keep }: { columns: 'all' | DedupeColumn[]; keep: DuplicateKeep },
): Promise<DuplicateRows> {
  const values = columns === 'all' ? [] : columns.map(compareValueSql)
  const group =
    columns === 'all'
      ? sql`CASE WHEN data <> '{}'::jsonb THEN md5(data::text) END`
      : sql`CASE WHEN ${sql.join(values.map((value) => sql`${value} <> ''`), sql` OR `)} THEN md5(jsonb_build_array(${sql.join(values, sql`, `)})::text) END`
  const filled = keep === 'most_complete' ? FILLED_CELLS : sql`0`
  const groups = new Map<string, { rows: number; kept: number; filled: number }>()
  const grouped: Array<{ index: number; group: string }> = []
  await forEachRowSlice(source.id, async (slice) => {
    const rows = await queryRows<{ row_index: number; g: string | null; filled: number | string }>(sql`
      SELECT csv_rows.row_index, ${group} AS g, ${filled} AS filled FROM ${rowsFrom(source.id)}
      WHERE csv_rows.upload_id = ${source.id} AND ${sliceSql(slice)} ORDER BY csv_rows.row_index`)
    for (const row of rows) {
      if (row.g === null) continue
      const index = Number(row.row_index)
      const cells = Number(row.filled)
      grouped.push({ index, group: row.g })
      const seen = groups.get(row.g)
      if (!seen) groups.set(row.g, { rows: 1, kept: index, filled: cells })
      else {
        seen.rows += 1
        // Most filled cells first, the earliest row among equals (rows come in row order).
        if (cells > seen.filled) Object.assign(seen, { kept: index, filled: cells })
      }
    }
  })
  const rowIndexes = grouped.filter((row) => groups.get(row.group)!.kept !== row.index).map((row) => row.index)
  let repeated = 0
  for (const seen of groups.values()) if (seen.rows > 1) repeated += 1
  return { rowIndexes, groups: repeated }
}

/**
 * Repeats among the rows `matched` (SQL over a row's `data`), in two steps so each value is read
 * once a row: `comparedValuesSql`, the select-list items of an inner select (a row's compared
 * value per column, NULL when the row is not matched or the value is empty), then
 * `duplicateCountsSelect` over them: `dup_exact`, whole rows repeated exactly, and `dup_<i>` per
 * column, rows whose value an earlier row has. Reading a value in each of the three places that
 * count it made a plan over 100,000 rows take 4 s (a website's domain, a LinkedIn URL's accents).
 * The inner select needs OFFSET 0, or the planner puts the values back where they are counted.
 */
export function comparedValuesSql(columns: DedupeColumn[], matched: SQL, { withExact = true } = {}): SQL {
  const perColumn = columns.map((column, i) => sql`, CASE WHEN ${matched} THEN NULLIF(${compareValueSql(column)}, '') END AS ${sql.raw(`dk_${i}`)}`)
  // Whole rows are the dearest to compare (about 6 s for 400,000 rows on a busy machine): only when asked.
  const exact = withExact ? sql`CASE WHEN ${matched} AND data <> '{}'::jsonb THEN data END` : sql`NULL::jsonb`
  return sql`${exact} AS dk_exact${sql.join(perColumn, sql``)}`
}

export function duplicateCountsSelect(columns: DedupeColumn[], { withExact = true } = {}): SQL {
  const perColumn = columns.map((_, i) => {
    const key = sql.raw(`dk_${i}`)
    return sql`, count(${key}) - count(DISTINCT ${key}) AS ${sql.raw(`dup_${i}`)}`
  })
  const exactCount = withExact ? sql`count(dk_exact) - count(DISTINCT dk_exact)` : sql`NULL::bigint`
  return sql`${exactCount} AS dup_exact${sql.join(perColumn, sql``)}`
}

/** Reads `duplicateCountsSelect`'s answers from a row of the query (`exactRows` null when not counted). */
export function duplicateCountsOf<C extends DedupeColumn>(columns: C[], row: Record<string, unknown>): { exactRows: number | null; columns: Array<C & { rows: number }> } {
  return {
    exactRows: row.dup_exact === null || row.dup_exact === undefined ? null : Number(row.dup_exact),
    columns: columns.map((column, i) => ({ ...column, rows: Number(row[`dup_${i}`] ?? 0) })),
  }
}

/**
 * The quality report's figures: exact repeats of whole rows, repeats in each identifying column,
 * records repeated by their identity (`recordIdentityColumnsOf`, the count 'Remove duplicates'
 * finds by default) and the values several rows share in each website column.
 */
export async function countDuplicates(
  source: Pick<RowSource, 'id'>,
  columns: Array<{ key: string; name: string; kind: IdentifierKind }>,
  executor: Executor = db,
): Promise<DuplicateFigures> {
  const isIdentity = new Set(recordIdentityColumnsOf(columns).map((column) => column.key))
  const identity = columns.flatMap((column, i) => (isIdentity.has(column.key) ? [i] : []))
  const websites = columns.flatMap((column, i) => (column.kind === 'website' ? [i] : []))
  const key = (i: number) => sql.raw(`dk_${i}`)
  const record =
    identity.length === 0
      ? sql`NULL::text`
      : sql`CASE WHEN ${sql.join(identity.map((i) => sql`${key(i)} IS NOT NULL`), sql` OR `)} THEN jsonb_build_array(${sql.join(
          identity.map((i) => sql`coalesce(${key(i)}, '')`),
          sql`, `,
        )})::text END`
  const shared = websites.map(
    (i) => sql`, (SELECT count(*) FROM (SELECT 1 FROM k WHERE ${key(i)} IS NOT NULL GROUP BY ${key(i)} HAVING count(*) > 1) AS s) AS ${sql.raw(`shared_${i}`)}`,
  )
  const [row = {}] = await queryRows<Record<string, unknown>>(
    sql`WITH k AS (SELECT ${comparedValuesSql(columns, sql`true`)} FROM ${rowsFrom(source.id)} WHERE upload_id = ${source.id} OFFSET 0)
      SELECT ${duplicateCountsSelect(columns)}, (SELECT count(r) - count(DISTINCT r) FROM (SELECT ${record} AS r FROM k) AS rk) AS dup_record${sql.join(shared, sql``)} FROM k`,
    executor,
  )
  const counts = duplicateCountsOf(columns, row)
  const exactRows = counts.exactRows ?? 0
  return {
    exactRows,
    columns: counts.columns,
    records: { columns: identity.map((i) => columns[i]!.name), rows: identity.length > 0 ? Number(row.dup_record ?? 0) : exactRows },
    shared: websites.map((i) => ({ key: columns[i]!.key, name: columns[i]!.name, values: Number(row[`shared_${i}`] ?? 0) })),
  }
}
