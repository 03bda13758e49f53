import { sql, type SQL } from 'drizzle-orm'
import { driver } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { storesSearchText } from './row-writer.ts'

/**
 * Rows of several uploads that may hold a word starting with a term, for the global search:
 * at most `perUpload` of each upload, read through the upload's trigram search index on
 * PostgreSQL (decision 003) and from PGlite's stored search text (decision 006). The caller
 * applies the exact rule (words, ranking) to these candidates.
 *
 * The condition is one regular expression over the row's text (its values, lower-cased, joined by
 * spaces): the term after the start or after white space. pg_trgm takes its trigrams from the
 * term, so the index serves it; a term of one or two characters has no trigram of its own, and
 * `(^| )` then gives it the index's word-start trigrams ('  a', ' ab'), so a short term is served
 * too. A row's text is rechecked once, not per pattern: on PostgreSQL it is computed from the row
 * (about 13 µs). LIMIT per upload bounds the work of a term found in most rows; the rows come in
 * the order the scan meets them, about row order.
 */

/**
 * On PostgreSQL the files are read by two statements at once, each on its own connection (and
 * server process): a common term costs each file its LIMIT rows of row text (about 13 µs a row),
 * and one statement uses one core.
 */
const PG_STATEMENTS = 2

/** Characters with a meaning in a PostgreSQL regular expression. */
const escapeRegex = (text: string) => text.replace(/[\\^$.|?*+()[\]{}]/g, (c) => `\\${c}`)

/** The lower-cased term's word-start pattern. */
export function wordStartPattern(term: string): string {
  const boundary = term.length < 3 ? '(^| )' : '(^|\\s)'
  return `${boundary}${escapeRegex(term)}`
}

export type RowCandidate = { uploadId: string; rowIndex: number; values: Record<string, string> }

export async function findRowCandidates({
  uploadIds,
  term,
  perUpload,
}: {
  uploadIds: string[]
  /** Trimmed and lower-cased, not empty. */
  term: string
  perUpload: number
}): Promise<RowCandidate[]> {
  if (uploadIds.length === 0 || term === '') return []
  const match = matchSql(term)
  const statements = driver.kind === 'pg' ? Math.min(PG_STATEMENTS, uploadIds.length) : 1
  const groups = Array.from({ length: statements }, (_, n) => uploadIds.filter((_, index) => index % statements === n))
  const results = await Promise.all(
    groups.map((ids) =>
      queryRows<{ upload_id: string; row_index: number; data: Record<string, string> | string }>(
        sql.join(
          ids.map((uploadId) => sql`(SELECT upload_id, row_index, data FROM csv_rows WHERE upload_id = ${uploadId} AND ${match} LIMIT ${perUpload})`),
          sql` UNION ALL `,
        ),
      ),
    ),
  )
  return results.flat().map((row) => ({
    uploadId: row.upload_id,
    rowIndex: Number(row.row_index),
    values: typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, string>) : row.data,
  }))
}

function matchSql(term: string): SQL {
  const pattern = wordStartPattern(term)
  if (!storesSearchText()) return sql`rowcraft_row_text(data) ~ ${pattern}`
  // PGlite scans its stored text: a plain substring test first passes over most rows cheaply,
  // the regular expression checks what it lets through. On 100,000 rows in PGlite, strpos took
  // 120 ms, LIKE 200 ms and the regular expression alone 790 ms. Rows imported before the text
  // was stored compute it.
  const text = sql`coalesce(search_text, rowcraft_row_text(data))`
  return sql`strpos(${text}, ${term}) > 0 AND ${text} ~ ${pattern}`
}
