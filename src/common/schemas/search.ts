import { z } from 'zod'
import { SEARCH } from '../constants.ts'

/** The home dashboard's global search over every row of the user's files (001 §2, §3, §5, §9). */

export const searchQuerySchema = z.object({
  q: z.string().max(SEARCH.termMaxLength, `Search terms are at most ${SEARCH.termMaxLength} characters.`).default(''),
})
export type SearchQuery = z.infer<typeof searchQuerySchema>

/** A value of the hit's row, under its column's display name. */
export type SearchField = { key: string; name: string; value: string }

/**
 * A row hit (001 §3 Search result): the file, the row, the value that matched (cut at
 * SEARCH.valueChars around the match; `matchAt` is where the term starts in it) and two other
 * values of the row as context (each cut at SEARCH.contextChars).
 */
export type SearchHit = {
  uploadId: string
  fileName: string
  rowIndex: number
  field: SearchField
  matchAt: number
  /** The whole value starts with the term (ranked before a later word that does). */
  isPrefix: boolean
  context: SearchField[]
}

export type SearchResult = { term: string; hits: SearchHit[] }
