import { sql, type SQL } from 'drizzle-orm'
import { driver } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { isMissingTable, rowsFrom } from './row-reader.ts'
import { partitionName, storesSearchText } from './row-writer.ts'

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
 *
 * Each upload's partition is read by its own name, not through `csv_rows`: through the parent,
 * PostgreSQL plans the one partition left after pruning by its cheapest complete scan, which is
 * always the trigram index, and a GIN index cannot stop early: a term found in a tenth of 100,000
 * rows built a bitmap of 10,000-26,000 rows (10-20 ms) to return 20. Named directly, the planner
 * weighs the LIMIT: a common term is read from the start of the table until LIMIT rows matched
 * (200 rows, 2-4 ms), a rare one through the index, as the index's statistics say.
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
  let results: CandidateRecord[][]
  try {
    results = await Promise.all(groups.map((ids) => readCandidates(ids, match, perUpload)))
  } catch (error) {
    if (!isMissingTable(error)) throw error
    // An upload deleted since the caller listed it: read the ones still there.
    const kept = await existingPartitions(uploadIds)
    results = kept.length === 0 ? [] : [await readCandidates(kept, match, perUpload)]
  }
  return results.flat().map((row) => ({
    uploadId: row.upload_id,
    rowIndex: Number(row.row_index),
    values: typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, string>) : row.data,
  }))
}

type CandidateRecord = { upload_id: string; row_index: number; data: Record<string, string> | string }

function readCandidates(uploadIds: string[], match: SQL, perUpload: number) {
  return queryRows<CandidateRecord>(
    sql.join(
      uploadIds.map(
        (uploadId) => sql`(SELECT ${uploadId}::uuid AS upload_id, row_index, data FROM ${rowsFrom(uploadId)} WHERE ${match} LIMIT ${perUpload})`,
      ),
      sql` UNION ALL `,
    ),
  )
}


async function existingPartitions(uploadIds: string[]): Promise<string[]> {
  const names = uploadIds.map(partitionName)
  const rows = await queryRows<{ relname: string }>(
    sql`SELECT relname FROM pg_class WHERE relispartition AND relname IN (${sql.join(names.map((name) => sql`${name}`), sql`, `)})`,
  )
  const found = new Set(rows.map((row) => row.relname))
  return uploadIds.filter((id) => found.has(partitionName(id)))
}

function matchSql(term: string): SQL {
  const pattern = wordStartPattern(term)
  if (!storesSearchText()) return sql`rowcraft_row_text(data) ~ ${pattern}`
  // PGlite scans its stored text: a plain substring test first passes over most rows cheaply,
  // the regular expression checks what it lets through. The CASE fixes that order: given the two
  // as ANDed tests of equal cost, the planner put the expression first, and a term found nowhere
  // cost the expression on every row (100,000 rows: 300 ms; strpos alone 45-66 ms, LIKE 200 ms).
  // Rows imported before the text was stored compute it.
  const text = sql`coalesce(search_text, rowcraft_row_text(data))`
  return sql`CASE WHEN strpos(${text}, ${term}) > 0 THEN ${text} ~ ${pattern} ELSE false END`
}
