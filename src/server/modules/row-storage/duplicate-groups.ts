import { sql, type SQL } from 'drizzle-orm'
import { identifyingColumnsOf, recordIdentityColumnsOf, type DuplicateFigures, type IdentifierKind } from '#common/schemas/duplicates'
import { db, driver, type Database } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { sqlArray } from '#server/db/sql-array'
import { yieldToForeground } from '#server/platform/foreground'
import { compareValue, recordKeyOf } from './duplicates-sql.ts'
import { FirstSeen, hashText } from './first-seen.ts'
import { rowsFrom } from './row-reader.ts'
import { cellSql } from './view-sql.ts'

/**
 * The quality report's duplicate figures kept current from the rows a write touches (issue 44).
 * `csv_duplicate_groups` holds, per figure, how many rows hold each compared value (its 64-bit
 * hash): a write takes its rows' values out before it and puts them back after it, and the
 * figures change by what the counts it moved say (a value going from one row to two is one
 * repeat more, and one more company with several contacts for a website). No row but the
 * touched ones is read.
 *
 * What the figures count: the identifying columns people write (the file's own and manual ones:
 * an AI or formula column's values are written by other writers, which would leave the counts
 * behind), the record's identity over them (`recordIdentityColumnsOf`) and whole rows over the
 * file's own columns (what the import compared: an AI or formula value is not part of a row
 * repeated). The table is filled by one pass over the file in slices, by the labels job
 * (`rows.refresh-duplicate-labels`), when it is missing or was counted for other columns; the
 * upload's `duplicate_groups` says for which (`signature`).
 */

/** Raised when what the groups hold, or how values are hashed, changes: counts of another version are counted again. */
const GROUPS_VERSION = 1

type Executor = Pick<Database, 'execute'>
type Identifying = { key: string; name: string; kind: IdentifierKind }

/** The columns the figures count over, and the signature of the groups counted for them. */
export type FigureColumns = {
  identifying: Identifying[]
  /** Indexes into `identifying` of the record's identity columns. */
  identity: number[]
  /** The file's own columns: whole rows are compared over them. */
  sourceKeys: string[]
  signature: string
}

export async function figureColumnsOf(uploadId: string, executor: Executor = db): Promise<FigureColumns> {
  const columns = await queryRows<{ key: string; name: string; kind: string }>(
    sql`SELECT key, name, kind FROM upload_columns WHERE upload_id = ${uploadId} ORDER BY position, key`,
    executor,
  )
  const identifying = identifyingColumnsOf(columns.filter((column) => column.kind === 'source' || column.kind === 'manual'))
  const isIdentity = new Set(recordIdentityColumnsOf(identifying).map((column) => column.key))
  const identity = identifying.flatMap((column, i) => (isIdentity.has(column.key) ? [i] : []))
  const sourceKeys = columns.filter((column) => column.kind === 'source').map((column) => column.key)
  const signature = JSON.stringify([GROUPS_VERSION, identifying.map((column) => `${column.key}:${column.kind}`), identity, sourceKeys])
  return { identifying, identity, sourceKeys, signature }
}

/** A figure's name in the groups table. */
const columnFigure = (column: Identifying) => `c:${column.key}:${column.kind}`
const RECORD = 'record'
const EXACT = 'exact'

/** The whole row over the file's own columns, as one text (an md5), null when they are all empty. */
function exactKeySql(sourceKeys: string[]): SQL {
  if (sourceKeys.length === 0) return sql`NULL::text`
  const cells = sourceKeys.map((key) => sql`coalesce(${cellSql(key)}, '')`)
  return sql`CASE WHEN ${sql.join(
    cells.map((cell) => sql`${cell} <> ''`),
    sql` OR `,
  )} THEN md5(jsonb_build_array(${sql.join(cells, sql`, `)})::text) END`
}

/** The select-list items a row's figure values are read from: `fx` (the whole row) and `f<i>` per identifying column. */
export function figureCellsSql(columns: FigureColumns): SQL {
  const cells = columns.identifying.map((column, i) => sql`, ${cellSql(column.key)} AS ${sql.raw(`f${i}`)}`)
  return sql`${exactKeySql(columns.sourceKeys)} AS fx${sql.join(cells, sql``)}`
}

type FigureRow = Record<string, unknown>

/** A row's compared values, per figure: `[figure, value]`, the empty ones left out. */
export function figureValuesOf(columns: FigureColumns, row: FigureRow): Array<[string, string]> {
  const values: Array<[string, string]> = []
  if (typeof row.fx === 'string') values.push([EXACT, row.fx])
  const compared = columns.identifying.map((column, i) => compareValue((row[`f${i}`] as string | null) ?? '', column.kind))
  columns.identifying.forEach((column, i) => {
    if (compared[i] !== '') values.push([columnFigure(column), compared[i]!])
  })
  const record = recordKeyOf(columns.identity.map((i) => compared[i]!))
  if (columns.identity.length > 0 && record !== '') values.push([RECORD, record])
  return values
}

const hashOf = (value: string): string => {
  const [hi, lo] = hashText(value)
  return BigInt.asIntN(64, (BigInt(hi) << 32n) | BigInt(lo)).toString()
}

/** The touched rows' compared values as the caller's transaction sees them (rows gone give none). */
export async function figureValuesOfRows(executor: Executor, uploadId: string, columns: FigureColumns, rowIndexes: readonly number[]): Promise<Array<[string, string]>> {
  if (rowIndexes.length === 0) return []
  const rows = await queryRows<FigureRow>(
    sql`SELECT ${figureCellsSql(columns)} FROM ${rowsFrom(uploadId)} WHERE csv_rows.upload_id = ${uploadId} AND csv_rows.row_index = ANY(${sqlArray(rowIndexes, 'int4')})`,
    executor,
  )
  return rows.flatMap((row) => figureValuesOf(columns, row))
}

/** How a write moved the figures: repeats per figure name, and values held by several rows (websites). */
export type FigureChange = { repeats: Map<string, number>; shared: Map<string, number> }

/**
 * Applies a write to the groups, in the write's transaction: the values its rows held before are
 * taken out, those they hold after put in, and the change of every figure is read from the counts
 * moved (`rows` before and after, per value touched).
 */
export async function moveDuplicateGroups(executor: Executor, uploadId: string, before: Array<[string, string]>, after: Array<[string, string]>): Promise<FigureChange> {
  const net = new Map<string, { figure: string; hash: string; change: number }>()
  const add = ([figure, value]: [string, string], change: number) => {
    const hash = hashOf(value)
    const id = `${figure}\u0000${hash}`
    const entry = net.get(id) ?? { figure, hash, change: 0 }
    entry.change += change
    net.set(id, entry)
  }
  for (const value of before) add(value, -1)
  for (const value of after) add(value, 1)
  const moved = [...net.values()].filter((entry) => entry.change !== 0)
  const change: FigureChange = { repeats: new Map(), shared: new Map() }
  if (moved.length === 0) return change
  // Sorted, so two writes of one file lock the same groups in the same order.
  moved.sort((a, b) => (a.figure < b.figure ? -1 : a.figure > b.figure ? 1 : a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0))
  const moves = JSON.stringify(moved.map((m) => [m.figure, m.hash, m.change]))
  const counted = await queryRows<{ figure: string; value_hash: string; rows: number | string }>(
    sql`INSERT INTO csv_duplicate_groups AS g (upload_id, figure, value_hash, rows)
        SELECT ${uploadId}::uuid, e ->> 0, (e ->> 1)::bigint, (e ->> 2)::integer FROM jsonb_array_elements(${moves}::jsonb) AS e
        ON CONFLICT (upload_id, figure, value_hash) DO UPDATE SET rows = g.rows + EXCLUDED.rows
        RETURNING g.figure, g.value_hash::text AS value_hash, g.rows`,
    executor,
  )
  for (const row of counted) {
    const delta = net.get(`${row.figure}\u0000${row.value_hash}`)?.change ?? 0
    const now = Math.max(Number(row.rows), 0)
    const was = Math.max(Number(row.rows) - delta, 0)
    const repeats = Math.max(now - 1, 0) - Math.max(was - 1, 0)
    const shared = (now > 1 ? 1 : 0) - (was > 1 ? 1 : 0)
    change.repeats.set(row.figure, (change.repeats.get(row.figure) ?? 0) + repeats)
    change.shared.set(row.figure, (change.shared.get(row.figure) ?? 0) + shared)
  }
  // Values no row holds any more.
  await executor.execute(sql`DELETE FROM csv_duplicate_groups AS g USING jsonb_array_elements(${moves}::jsonb) AS e
    WHERE g.upload_id = ${uploadId} AND g.figure = e ->> 0 AND g.value_hash = (e ->> 1)::bigint AND g.rows <= 0`)
  return change
}

/** The figures after a write: the ones before, moved by `change`, under the columns' names as they are now. */
export function figuresAfter(columns: FigureColumns, figures: DuplicateFigures, change: FigureChange): DuplicateFigures {
  const rowsOf = (key: string) => figures.columns.find((column) => column.key === key)?.rows ?? 0
  const sharedOf = (key: string) => figures.shared?.find((column) => column.key === key)?.values ?? 0
  const exactRows = figures.exactRows + (change.repeats.get(EXACT) ?? 0)
  return {
    exactRows,
    columns: columns.identifying.map((column) => ({ ...column, rows: rowsOf(column.key) + (change.repeats.get(columnFigure(column)) ?? 0) })),
    records: {
      columns: columns.identity.map((i) => columns.identifying[i]!.name),
      rows: columns.identity.length > 0 ? (figures.records?.rows ?? 0) + (change.repeats.get(RECORD) ?? 0) : exactRows,
    },
    shared: columns.identifying
      .filter((column) => column.kind === 'website')
      .map((column) => ({ key: column.key, name: column.name, values: sharedOf(column.key) + (change.shared.get(columnFigure(column)) ?? 0) })),
  }
}

/**
 * The whole file counted, for the labels job's pass (`refreshDuplicateLabels`): each row's values
 * are added as the slices go by, then `figures` and `write` give the figures and fill the table.
 */
export class DuplicateGroupsCount {
  private readonly seen: Map<string, FirstSeen>

  constructor(readonly columns: FigureColumns) {
    const figures = [EXACT, ...columns.identifying.map(columnFigure), ...(columns.identity.length > 0 ? [RECORD] : [])]
    this.seen = new Map(figures.map((figure) => [figure, new FirstSeen(1 << 12, { counts: true })]))
  }

  add(row: FigureRow, rowIndex: number): void {
    for (const [figure, value] of figureValuesOf(this.columns, row)) this.seen.get(figure)!.firstOf(...hashText(value), rowIndex)
  }

  figures(): DuplicateFigures {
    const { columns } = this
    const repeats = (figure: string) => this.seen.get(figure)?.repeats ?? 0
    const exactRows = repeats(EXACT)
    return {
      exactRows,
      columns: columns.identifying.map((column) => ({ ...column, rows: repeats(columnFigure(column)) })),
      records: { columns: columns.identity.map((i) => columns.identifying[i]!.name), rows: columns.identity.length > 0 ? repeats(RECORD) : exactRows },
      shared: columns.identifying
        .filter((column) => column.kind === 'website')
        .map((column) => ({ key: column.key, name: column.name, values: this.seen.get(columnFigure(column))!.shared })),
    }
  }

  /**
   * Replaces the upload's groups with these counts, a slice of groups per statement (requests go
   * first between two on PGlite, decision 032). The caller has marked the groups as being counted,
   * so no write reads or moves them meanwhile.
   */
  async write(uploadId: string): Promise<void> {
    const slice = driver.kind === 'pglite' ? 5_000 : 20_000
    for (;;) {
      const gone = await queryRows(sql`DELETE FROM csv_duplicate_groups WHERE (upload_id, figure, value_hash) IN (
        SELECT upload_id, figure, value_hash FROM csv_duplicate_groups WHERE upload_id = ${uploadId} LIMIT ${slice}) RETURNING 1`)
      if (gone.length < slice) break
      if (driver.kind === 'pglite') await yieldToForeground()
    }
    let batch: Array<[string, string, number]> = []
    const flush = async () => {
      if (batch.length === 0) return
      await db.execute(sql`INSERT INTO csv_duplicate_groups (upload_id, figure, value_hash, rows)
        SELECT ${uploadId}::uuid, e ->> 0, (e ->> 1)::bigint, (e ->> 2)::integer FROM jsonb_array_elements(${JSON.stringify(batch)}::jsonb) AS e
        WHERE EXISTS (SELECT 1 FROM csv_uploads WHERE id = ${uploadId})
        ON CONFLICT (upload_id, figure, value_hash) DO UPDATE SET rows = EXCLUDED.rows`)
      batch = []
      if (driver.kind === 'pglite') await yieldToForeground()
    }
    for (const [figure, seen] of this.seen) {
      for (const [hi, lo, rows] of seen.counts()) {
        batch.push([figure, BigInt.asIntN(64, (BigInt(hi) << 32n) | BigInt(lo)).toString(), rows])
        if (batch.length >= slice) await flush()
      }
    }
    await flush()
  }
}
