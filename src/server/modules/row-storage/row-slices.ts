import { sql } from 'drizzle-orm'
import { driver } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { yieldToForeground } from '#server/platform/foreground'
import { isMissingTable, rowsFrom } from './row-reader.ts'

/**
 * Whole-file work in slices (decision 032, rule 4): on PGlite one statement holds every request
 * behind it, so work over every row of a file runs a slice of rows per statement and lets requests
 * in between (`yieldToForeground`). A slice is a range of `row_index` read through the partition's
 * primary key `(upload_id, row_index)`: 2,000 row indexes on PGlite, 20,000 on PostgreSQL (where
 * only the number of statements matters). On PGlite a slice of 5,000 took 260-470 ms of its thread
 * to read for the labels job and as long again to write (issue 42's bench, after a 100 MB import),
 * so a page read waited up to 600 ms; 2,000 keep each statement near a tenth of a second.
 */
export const sliceRows = () => (driver.kind === 'pglite' ? 2_000 : 20_000)

/** A slice: the rows with `after < row_index <= upTo` (`upTo` null: to the end of the file). */
export type RowSlice = { after: number; upTo: number | null }

/** The SQL condition of a slice on `csv_rows.row_index`. */
export const sliceSql = ({ after, upTo }: RowSlice) =>
  upTo === null ? sql`csv_rows.row_index > ${after}` : sql`csv_rows.row_index > ${after} AND csv_rows.row_index <= ${upTo}`

/**
 * Runs `step` over every row of the upload, a slice at a time, in row order: a slice is the next
 * `sliceRows()` row indexes (fewer rows where rows were deleted), up to the last row index, read
 * through the partition's primary key `(upload_id, row_index)` like `max(row_index)` itself. The
 * bounds are arithmetic, not read: a freshly imported partition has no statistics on PGlite (it
 * has no autovacuum), and `ORDER BY row_index OFFSET n LIMIT 1` was then planned as a read and sort
 * of every row after the slice's start, each slice (issue 42: the labels job's slices over a
 * 461,000-row file took seconds each, the later ones no less than the first). Requests go first
 * between two slices on PGlite. The last slice runs to the end of the file, so rows added at the
 * end meanwhile are in it. A file deleted meanwhile (its table gone) ends the work: it has no rows
 * left to work on.
 */
export async function forEachRowSlice(uploadId: string, step: (slice: RowSlice) => Promise<void>): Promise<void> {
  const size = sliceRows()
  let after = -1
  try {
    let last = await lastRowIndex(uploadId)
    for (;;) {
      // Rows may have been added since the last row index was read: read it again before the end.
      if (last !== null && after + size >= last) last = await lastRowIndex(uploadId)
      const isLast = last === null || after + size >= last
      await step({ after, upTo: isLast ? null : after + size })
      if (isLast) return
      after += size
      if (driver.kind === 'pglite') await yieldToForeground()
    }
  } catch (error) {
    if (isMissingTable(error)) return
    throw error
  }
}

/** The upload's last row index (null without rows): one step down the primary key, whatever the statistics. */
async function lastRowIndex(uploadId: string): Promise<number | null> {
  const [row] = await queryRows<{ last: number | string | null }>(
    sql`SELECT max(csv_rows.row_index) AS last FROM ${rowsFrom(uploadId)} WHERE csv_rows.upload_id = ${uploadId}`,
  )
  return row?.last === null || row?.last === undefined ? null : Number(row.last)
}

/** Runs `step` over `items` (row indexes to delete, say) a slice at a time, requests first between slices on PGlite. */
export async function forEachSliceOf<T>(items: readonly T[], step: (slice: readonly T[]) => Promise<void>): Promise<void> {
  const size = sliceRows()
  for (let from = 0; from < items.length; from += size) {
    if (from > 0 && driver.kind === 'pglite') await yieldToForeground()
    await step(items.slice(from, from + size))
  }
}
