import { sql } from 'drizzle-orm'
import { driver } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { yieldToForeground } from '#server/platform/foreground'
import { isMissingTable, rowsFrom } from './row-reader.ts'

/**
 * Whole-file work in slices (decision 032, rule 4): on PGlite one statement holds every request
 * behind it, so work over every row of a file runs a slice of rows per statement and lets requests
 * in between (`yieldToForeground`). A slice is a range of `row_index` read through the partition's
 * primary key `(upload_id, row_index)`: 5,000 rows on PGlite (tens of milliseconds of its thread),
 * 20,000 on PostgreSQL (where only the number of statements matters).
 */
export const sliceRows = () => (driver.kind === 'pglite' ? 5_000 : 20_000)

/** A slice: the rows with `after < row_index <= upTo` (`upTo` null: to the end of the file). */
export type RowSlice = { after: number; upTo: number | null }

/** The SQL condition of a slice on `csv_rows.row_index`. */
export const sliceSql = ({ after, upTo }: RowSlice) =>
  upTo === null ? sql`csv_rows.row_index > ${after}` : sql`csv_rows.row_index > ${after} AND csv_rows.row_index <= ${upTo}`

/**
 * Runs `step` over every row of the upload, a slice at a time, in row order: each slice's bounds
 * are read first through the primary key (a walk of `sliceRows()` index entries, no row read), then
 * `step` runs its own statements on them. Requests go first between two slices on PGlite. Rows
 * added at the end meanwhile fall in the last slice, which runs to the end of the file. A file
 * deleted meanwhile (its table gone) ends the work: it has no rows left to work on.
 */
export async function forEachRowSlice(uploadId: string, step: (slice: RowSlice) => Promise<void>): Promise<void> {
  let after = -1
  for (;;) {
    try {
      const [bound] = await queryRows<{ row_index: number }>(sql`
        SELECT csv_rows.row_index FROM ${rowsFrom(uploadId)} WHERE csv_rows.upload_id = ${uploadId} AND csv_rows.row_index > ${after}
        ORDER BY csv_rows.row_index OFFSET ${sliceRows() - 1} LIMIT 1`)
      const upTo = bound ? Number(bound.row_index) : null
      await step({ after, upTo })
      if (upTo === null) return
      after = upTo
    } catch (error) {
      if (isMissingTable(error)) return
      throw error
    }
    if (driver.kind === 'pglite') await yieldToForeground()
  }
}

/** Runs `step` over `items` (row indexes to delete, say) a slice at a time, requests first between slices on PGlite. */
export async function forEachSliceOf<T>(items: readonly T[], step: (slice: readonly T[]) => Promise<void>): Promise<void> {
  const size = sliceRows()
  for (let from = 0; from < items.length; from += size) {
    if (from > 0 && driver.kind === 'pglite') await yieldToForeground()
    await step(items.slice(from, from + size))
  }
}
