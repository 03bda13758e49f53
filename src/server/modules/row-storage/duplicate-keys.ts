import { sql, type SQL } from 'drizzle-orm'
import { identifyingColumnsOf } from '#common/schemas/duplicates'
import { db, driver } from '#server/db/client'
import { PGLITE_IDLE_MS, waitForIdle } from '#server/platform/foreground'
import { logger } from '#server/platform/logger'
import { compareValueSql, type DedupeColumn } from './duplicates-sql.ts'
import { isMissingTable, rowsFrom, storedColumnsOf } from './row-reader.ts'
import { cellSql } from './view-sql.ts'

/**
 * Stored duplicate labels (issue 32: Magic Chat's speed). Every answer counts the matched rows
 * that repeat others in each column that identifies a lead; comparing the values again for each
 * question (a website's domain, a LinkedIn URL's accents) took about 1 s of a plan over 100,000
 * rows on PostgreSQL. So the comparison is made once, for every row of the file in one statement,
 * and kept in `csv_row_duplicate_keys`: per row and column, the cell as it was and a label, the
 * same integer (the first row index of the group) for every row whose compared value was the
 * same, null for a value no other row had or an empty one.
 *
 * Why counting labels is exact, whatever happened to the rows since: all of an upload's labels
 * come from one snapshot S (one statement writes and deletes them, one upload at a time), and a
 * plan reads a row's label only where its cell is still the one labelled ("valid"). Two valid
 * rows whose values compare equal now held those same values at S, so they were one group then
 * and carry one label; two whose values differ carry different labels or none. A row that is new,
 * or whose cell changed, is not valid: a plan that matches one counts that column the slow way
 * (comparing the values, as before) and asks for the labels to be written again. Rows deleted
 * since S change nothing: a label shared with a deleted row only counts the rows left.
 */

/** The version of how values compare (`compareValueSql`): a label written under another is never read. */
const LABELS_VERSION = 1

/** A column's entry in a row's labels: its key, how it compares, and the version. */
export const duplicateKeyName = (column: DedupeColumn) => `${LABELS_VERSION}:${column.key}:${column.kind}`

/** One upload's labels are written by one statement at a time, across processes (7244117: index builds). */
const LABELS_LOCK = 7244118

/** A row's `keys` (from `duplicateKeysJoinSql`) for one column, as a plan reads it: the label, -1 for a valid row without one (alone or empty), -2 for a row that is not valid. */
export function duplicateLabelSql(column: DedupeColumn, keys: SQL): SQL {
  const entry = sql`(${keys} -> ${duplicateKeyName(column)}::text)`
  return sql`(CASE WHEN ${entry} ->> 0 = coalesce(${cellSql(column.key)}, '') THEN coalesce((${entry} ->> 1)::integer, -1) ELSE -2 END)`
}

/** The labels of a row of the upload (`row` the alias its rows are read under): a LEFT JOIN giving `dup_keys.keys`. */
export const duplicateKeysJoinSql = (uploadId: string, row: SQL): SQL =>
  sql`LEFT JOIN csv_row_duplicate_keys AS dup_keys ON dup_keys.upload_id = ${uploadId} AND dup_keys.row_index = ${row}.row_index`

/**
 * Writes the labels of every row of the upload over its identifying columns as they are now, in
 * one statement (one snapshot): labels that changed are written, those of rows gone are deleted.
 */
export async function storeDuplicateKeys(uploadId: string): Promise<void> {
  const columns = identifyingColumnsOf(await storedColumnsOf(uploadId)).map(({ key, kind }) => ({ key, kind }))
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LABELS_LOCK}, hashtext(${uploadId}))`)
    if (columns.length === 0) {
      await tx.execute(sql`DELETE FROM csv_row_duplicate_keys WHERE upload_id = ${uploadId}`)
      return
    }
    const current = columns.map((column, i) => sql`, coalesce(${cellSql(column.key)}, '') AS ${sql.raw(`s${i}`)}, NULLIF(${compareValueSql(column)}, '') AS ${sql.raw(`v${i}`)}`)
    const entries = columns.map((column, i) => {
      const [s, v] = [sql.raw(`s${i}`), sql.raw(`v${i}`)]
      const label = sql`CASE WHEN ${v} IS NOT NULL AND count(*) OVER (PARTITION BY ${v}) > 1 THEN min(row_index) OVER (PARTITION BY ${v}) END`
      return sql`${duplicateKeyName(column)}::text, jsonb_build_array(${s}, ${label})`
    })
    await tx.execute(sql`
      WITH cur AS (SELECT row_index${sql.join(current, sql``)} FROM ${rowsFrom(uploadId)} OFFSET 0),
      labelled AS (SELECT row_index, jsonb_build_object(${sql.join(entries, sql`, `)}) AS keys FROM cur),
      written AS (
        INSERT INTO csv_row_duplicate_keys (upload_id, row_index, keys) SELECT ${uploadId}::uuid, row_index, keys FROM labelled
        ON CONFLICT (upload_id, row_index) DO UPDATE SET keys = EXCLUDED.keys WHERE csv_row_duplicate_keys.keys IS DISTINCT FROM EXCLUDED.keys
        RETURNING 1)
      DELETE FROM csv_row_duplicate_keys AS k WHERE k.upload_id = ${uploadId} AND NOT EXISTS (SELECT 1 FROM cur WHERE cur.row_index = k.row_index)`)
  })
  // A plan joins the labels to the rows: without statistics PostgreSQL guessed 1,700 labels for
  // 100,000 rows and hashed them in four batches (60 ms more a plan).
  await db.execute(sql`ANALYZE csv_row_duplicate_keys`)
}

const refreshing = new Map<string, { again: boolean }>()

/**
 * Writes the upload's labels in the background (after an import, or a plan found rows changed
 * since they were written), one refresh of an upload at a time in this process: asked again while
 * one runs, it runs once more after. A refresh lost with the process is asked for again by the
 * next plan.
 */
export function refreshDuplicateKeysSoon(uploadId: string): void {
  const running = refreshing.get(uploadId)
  if (running) {
    running.again = true
    return
  }
  const state = { again: false }
  refreshing.set(uploadId, state)
  void (async () => {
    try {
      do {
        state.again = false
        // On PGlite the labels' one statement holds every request behind it (4.4 s for 100,000
        // rows, right when the user opens the imported file): it waits, as sort index builds do,
        // until nobody has asked anything for a while.
        if (driver.kind === 'pglite') await waitForIdle(PGLITE_IDLE_MS)
        await storeDuplicateKeys(uploadId)
      } while (state.again)
    } catch (error) {
      // A file deleted meanwhile has no labels to write; anything else is only slower answers.
      if (!isMissingTable(error)) logger.warn({ event: 'rows.duplicate_labels_failed', uploadId, err: error })
    } finally {
      refreshing.delete(uploadId)
    }
  })()
}
