import { z } from 'zod'
import { SEARCH } from '../constants.ts'

/** The home dashboard's global search over every row of the user's files (001 §2, §3, §5, §9). */

export const searchQuerySchema = z.object({
  q: z.string().max(SEARCH.termMaxLength, `Search terms are at most ${SEARCH.termMaxLength} characters.`).default(''),
})
export type SearchQuery = z.infer<typeof searchQuerySchema>

/** A value of the hit's row, under its column's display name. */
export const searchFieldSchema = z.object({ key: z.string(), name: z.string(), value: z.string() })
export type SearchField = z.infer<typeof searchFieldSchema>

/**
 * A row hit (001 §3 Search result): the file, the row, the value that matched (cut at
 * SEARCH.valueChars around the match; `matchAt` is where the term starts in it) and two other
 * values of the row as context (each cut at SEARCH.contextChars).
 */
export const searchHitSchema = z.object({
  uploadId: z.string(),
  fileName: z.string(),
  rowIndex: z.number().int(),
  field: searchFieldSchema,
  matchAt: z.number().int(),
  /** The whole value starts with the term (ranked before a later word that does). */
  isPrefix: z.boolean(),
  context: z.array(searchFieldSchema),
})
export type SearchHit = z.infer<typeof searchHitSchema>

export const searchResultSchema = z.object({ term: z.string(), hits: z.array(searchHitSchema) })
export type SearchResult = z.infer<typeof searchResultSchema>
