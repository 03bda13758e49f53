import { SEARCH } from '#common/constants'
import type { SearchField, SearchHit } from '#common/schemas/search'

/**
 * The global search's rule (001 §5, §9), on rows the database offered as candidates: a value is a
 * hit when some word of it (words are separated by white space) starts with the term; the whole
 * value starting with it ranks first, then shorter values.
 */

/** A search term as compared: trimmed and lower-cased; '' means no search. */
export const normaliseTerm = (raw: string) => raw.trim().toLowerCase()

/** Where a word of `value` starts with `term` (lower-cased), or -1. */
export function wordStartOf(value: string, term: string): number {
  if (term === '') return -1
  const lower = value.toLowerCase()
  for (let at = lower.indexOf(term); at >= 0; at = lower.indexOf(term, at + 1)) {
    if (at === 0 || /\s/.test(lower[at - 1]!)) return at
  }
  return -1
}

const ELLIPSIS = '…'

/** At most `max` characters of `value` from its start, an ellipsis marking a cut. */
export function cutEnd(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max - 1)}${ELLIPSIS}`
}

/**
 * At most `max` characters of `value` that show the match at `at` (a few characters before it
 * when it lies past the cut), ellipses marking the cuts; `at` moves with the text.
 */
export function cutAround(value: string, at: number, length: number, max: number): { text: string; at: number } {
  if (value.length <= max) return { text: value, at }
  if (at + length <= max - 1) return { text: cutEnd(value, max), at }
  const lead = 20
  const start = Math.min(Math.max(0, at - lead), value.length - max + 1)
  const isCutAtEnd = start + max - 1 < value.length
  const body = value.slice(start, start + max - 1 - (isCutAtEnd ? 1 : 0))
  return { text: `${ELLIPSIS}${body}${isCutAtEnd ? ELLIPSIS : ''}`, at: at - start + 1 }
}

export type SearchColumn = { key: string; name: string }
export type CandidateRow = { uploadId: string; fileName: string; rowIndex: number; values: Record<string, string> }

export type RankedHit = SearchHit & { /** The whole matched value's length, for the ranking. */ valueLength: number }

/** The row's best hit (prefix first, then the shortest value, then column order), or null. */
export function hitOfRow(row: CandidateRow, columns: SearchColumn[], term: string): RankedHit | null {
  let best: { column: SearchColumn; value: string; at: number } | null = null
  for (const column of columns) {
    const value = row.values[column.key]
    if (typeof value !== 'string') continue
    const at = wordStartOf(value, term)
    if (at < 0) continue
    if (!best || compareMatch({ at, length: value.length }, { at: best.at, length: best.value.length }) < 0) best = { column, value, at }
  }
  if (!best) return null
  const cut = cutAround(best.value, best.at, term.length, SEARCH.valueChars)
  const context: SearchField[] = []
  for (const column of columns) {
    if (context.length === SEARCH.contextFields) break
    const value = row.values[column.key]
    if (column.key === best.column.key || typeof value !== 'string' || value.trim() === '') continue
    context.push({ key: column.key, name: column.name, value: cutEnd(value, SEARCH.contextChars) })
  }
  return {
    uploadId: row.uploadId,
    fileName: row.fileName,
    rowIndex: row.rowIndex,
    field: { key: best.column.key, name: best.column.name, value: cut.text },
    matchAt: cut.at,
    isPrefix: best.at === 0,
    context,
    valueLength: best.value.length,
  }
}

type Match = { at: number; length: number }
const compareMatch = (a: Match, b: Match) => Number(a.at !== 0) - Number(b.at !== 0) || a.length - b.length

/**
 * The hits in the spec's order: prefix matches first, then shorter values; ties go to the file
 * listed first (`fileOrder`, the most recently updated) and then to the earlier row.
 */
export function rankHits(hits: RankedHit[], fileOrder: Map<string, number>): SearchHit[] {
  return hits
    .sort(
      (a, b) =>
        Number(!a.isPrefix) - Number(!b.isPrefix) ||
        a.valueLength - b.valueLength ||
        (fileOrder.get(a.uploadId) ?? 0) - (fileOrder.get(b.uploadId) ?? 0) ||
        a.rowIndex - b.rowIndex,
    )
    .slice(0, SEARCH.maxResults)
    .map(({ valueLength: _, ...hit }) => hit)
}
