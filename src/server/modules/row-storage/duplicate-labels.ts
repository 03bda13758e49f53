import { sql, type SQL } from 'drizzle-orm'
import { identifyingColumnsOf, type IdentifierKind } from '#common/schemas/duplicates'
import { db, driver } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { yieldToForeground } from '#server/platform/foreground'
import { figureCellsSql, type DuplicateGroupsCount } from './duplicate-groups.ts'
import { compareValue, type DedupeColumn } from './duplicates-sql.ts'
import { FirstSeen, hashText } from './first-seen.ts'
import { rowsFrom, storedColumnsOf } from './row-reader.ts'
import { forEachRowSlice, sliceSql } from './row-slices.ts'
import { cellSql } from './view-sql.ts'

/**
 * Duplicate labels (issue 32: Magic Chat's speed; issue 42: one pass). Every answer counts the
 * matched rows that repeat others in each column that identifies a lead; comparing the values
 * again for each question (a website's domain, a LinkedIn URL's accents) took about 1 s of a plan
 * over 100,000 rows on PostgreSQL. So each row carries, in `csv_row_duplicate_keys`, per
 * identifying column, its cell as it was and a label: the first row index that had the same
 * compared value, null for an empty one. "Duplicate labels" is the one name of these in code and
 * docs; the quality report's duplicate figures are counted with them, in the same pass.
 *
 * Written by the writers only (CONVENTIONS 24): the import gathers them while its rows stream
 * (`row-facts.ts`) and COPYs them beside the rows; after rows are added, edited or deleted, one
 * job per upload (`rows.refresh-duplicate-labels`) writes them again with `refreshDuplicateLabels`,
 * in slices of rows, so no request waits behind it (decision 032). A plan only reads them.
 *
 * Why counting labels is exact, whatever happened to the rows since: a plan reads a row's label
 * only where its cell is still the one labelled ("valid"). Labels are computed from the values as
 * read (in one pass, a slice at a time), grouping equal compared values under one label, the first
 * row index of the group. Two valid rows whose values compare equal now held those same values
 * when read, so they were one group and carry one label; two whose values differ carry different
 * labels (different groups have different first rows). A row that is new, or whose cell changed,
 * is not valid: a plan that matches one counts that column the slow way (comparing the values).
 * Rows deleted since change nothing: a label shared with a deleted row only counts the rows left.
 * An empty cell never repeats another, with or without an entry.
 */

/** The version of how values compare (`compareValueSql`, `compareValue`): a label written under another is never read. */
const LABELS_VERSION = 1

/** A column's entry in a row's labels: its key, how it compares, and the version. */
export const duplicateLabelName = (column: { key: string; kind: DedupeColumn['kind'] }) => `${LABELS_VERSION}:${column.key}:${column.kind}`

/**
 * Whether the import COPYs the labels beside the rows. On PostgreSQL they go through a stream of
 * their own, in parallel. On PGlite the same COPY of 461,000 labels took 7-11 s of its one thread
 * (80% more than the rows' own COPY: the cells written a second time, and a primary key kept):
 * there the import leaves them to the labels job, which writes them in slices after it.
 */
export const writesLabelsAtImport = () => driver.kind === 'pg'

/** One upload's labels are written by one refresh at a time, across processes (7244117: index builds). */
const LABELS_LOCK = 7244118

/** A row's `labels` (from `duplicateLabelsJoinSql`) for one column, as a plan reads it: the label, -1 for a valid row without one (empty), -2 for a row that is not valid. */
export function duplicateLabelSql(column: DedupeColumn, labels: SQL): SQL {
  const entry = sql`(${labels} -> ${duplicateLabelName(column)}::text)`
  return sql`(CASE WHEN coalesce(${entry} ->> 0, '') = coalesce(${cellSql(column.key)}, '') THEN coalesce((${entry} ->> 1)::integer, -1) ELSE -2 END)`
}

/** The labels of a row of the upload (`row` the alias its rows are read under): a LEFT JOIN giving `dup_labels.keys`. */
export const duplicateLabelsJoinSql = (uploadId: string, row: SQL): SQL =>
  sql`LEFT JOIN csv_row_duplicate_keys AS dup_labels ON dup_labels.upload_id = ${uploadId} AND dup_labels.row_index = ${row}.row_index`

type Identifying = { key: string; name: string; kind: IdentifierKind }
type SliceRow = { row_index: number; labels: Record<string, [string, number | null]> | string | null } & Record<string, unknown>

/**
 * Writes the labels of every row of the upload over its identifying columns as they are now, in
 * one pass over the rows a slice at a time: each slice reads its rows' identifying cells and their
 * stored labels, writes the labels that changed and deletes those of rows gone. Between slices,
 * requests go first. Rows added after the last ones keep the labels of the rows before them, so an
 * addition writes only its own rows' labels. With `count`, the same pass counts the quality
 * report's duplicate groups (duplicate-groups.ts) from the rows as read.
 */
export async function refreshDuplicateLabels(uploadId: string, count?: DuplicateGroupsCount): Promise<void> {
  const columns: Identifying[] = identifyingColumnsOf(await storedColumnsOf(uploadId))
  const names = columns.map(duplicateLabelName)
  const seen = columns.map(() => new FirstSeen())
  const cells = columns.map((column, i) => sql`, ${cellSql(column.key)} AS ${sql.raw(`s${i}`)}`)
  const counted = count ? sql`, ${figureCellsSql(count.columns)}` : sql``
  let written = 0
  await forEachRowSlice(uploadId, async (slice) => {
    const rows = await queryRows<SliceRow>(sql`
      SELECT csv_rows.row_index, k.keys AS labels${sql.join(cells, sql``)}${counted}
      FROM ${rowsFrom(uploadId)} LEFT JOIN csv_row_duplicate_keys AS k ON k.upload_id = ${uploadId} AND k.row_index = csv_rows.row_index
      WHERE csv_rows.upload_id = ${uploadId} AND ${sliceSql(slice)} ORDER BY csv_rows.row_index`)
    const changed: Array<[number, Record<string, [string, number | null]>]> = []
    for (const row of rows) {
      const index = Number(row.row_index)
      count?.add(row, index)
      if (columns.length === 0) continue
      const stored = typeof row.labels === 'string' ? (JSON.parse(row.labels) as Record<string, [string, number | null]>) : row.labels
      const labels: Record<string, [string, number | null]> = {}
      let same = stored !== null && Object.keys(stored).length === columns.length
      columns.forEach((column, i) => {
        const cell = (row[`s${i}`] as string | null) ?? ''
        const value = compareValue(cell, column.kind)
        const label = value === '' ? null : seen[i]!.firstOf(...hashText(value), index)
        labels[names[i]!] = [cell, label]
        const was = stored?.[names[i]!]
        if (!was || was[0] !== cell || was[1] !== label) same = false
      })
      if (!same) changed.push([index, labels])
    }
    // Requests go first between the slice's read and its write too (a row changed meanwhile keeps
    // its label invalid: the label names the cell it was computed from).
    if (driver.kind === 'pglite') await yieldToForeground()
    await writeSlice(uploadId, { from: slice.after, to: slice.upTo, changed })
    written += changed.length
  })
  // Many labels written (a first refresh of an older file): the plans' join needs new statistics.
  if (written > 10_000) await analyzeDuplicateLabels()
}

/** A slice's changed labels written, and the labels of rows gone from `(from, to]` (to the end when `to` is null) deleted, under the upload's lock. */
async function writeSlice(uploadId: string, { from, to, changed }: { from: number; to: number | null; changed: Array<[number, Record<string, [string, number | null]>]> }) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LABELS_LOCK}, hashtext(${uploadId}))`)
    if (changed.length > 0) {
      await tx.execute(sql`
        INSERT INTO csv_row_duplicate_keys (upload_id, row_index, keys)
        SELECT ${uploadId}::uuid, (e ->> 0)::integer, e -> 1 FROM jsonb_array_elements(${JSON.stringify(changed)}::jsonb) AS e
        ON CONFLICT (upload_id, row_index) DO UPDATE SET keys = EXCLUDED.keys`)
    }
    const upTo = to === null ? sql`` : sql`AND k.row_index <= ${to}`
    await tx.execute(sql`
      DELETE FROM csv_row_duplicate_keys AS k WHERE k.upload_id = ${uploadId} AND k.row_index > ${from} ${upTo}
        AND NOT EXISTS (SELECT 1 FROM ${rowsFrom(uploadId)} WHERE csv_rows.upload_id = ${uploadId} AND csv_rows.row_index = k.row_index)`)
  })
}

/**
 * After an import's labels were COPYed: PostgreSQL guessed 1,700 labels for 100,000 rows without
 * statistics and hashed them in four batches (60 ms more a plan). A sample of the table, not a scan.
 */
export async function analyzeDuplicateLabels(): Promise<void> {
  await db.execute(sql`ANALYZE csv_row_duplicate_keys`)
}
