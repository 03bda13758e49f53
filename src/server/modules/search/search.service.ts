import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { SearchResult } from '#common/schemas/search'
import { db } from '#server/db/client'
import { csvUploads, uploadColumns } from '#server/db/schema/index'
import { findRowCandidates } from '#server/modules/row-storage/search-sql'
import { hitOfRow, normaliseTerm, rankHits, type RankedHit, type SearchColumn } from './lib/row-hits.ts'

/**
 * Candidate rows per file. A term found in most rows of many files would otherwise have every one
 * of them read and ranked; a file holding more candidates than this is ranked on the first ones
 * found (about its first rows). Each costs its row text (about 13 µs a row on PostgreSQL, more
 * for the rows a common term's scan passes over). 20 is two and a half answers a file; on a
 * heavily loaded machine 50 and 20 measured the same (5-6 times a bare LIMIT 8 query, which reads
 * one file), so this is not yet the limit of a common term's cost: see docs/api/search.md.
 */
export const CANDIDATES_PER_FILE = 20

/**
 * The home dashboard's global search (001 §2, §5, §9): every row of every completed file of the
 * user, source, added and AI columns alike; at most SEARCH.maxResults hits, prefix matches first,
 * then shorter values.
 */
export async function searchRows({ userId, q }: { userId: string; q: string }): Promise<SearchResult> {
  const term = normaliseTerm(q)
  if (term === '') return { term, hits: [] }
  const files = await db
    .select({ id: csvUploads.id, filename: csvUploads.filename })
    .from(csvUploads)
    .where(and(eq(csvUploads.userId, userId), eq(csvUploads.status, 'completed')))
    .orderBy(desc(csvUploads.updatedAt), asc(csvUploads.id))
  if (files.length === 0) return { term, hits: [] }

  const candidates = await findRowCandidates({ uploadIds: files.map((file) => file.id), term, perUpload: CANDIDATES_PER_FILE })
  if (candidates.length === 0) return { term, hits: [] }

  const columnsByFile = await columnsOf([...new Set(candidates.map((row) => row.uploadId))])
  const fileNames = new Map(files.map((file) => [file.id, file.filename]))
  const hits: RankedHit[] = []
  for (const row of candidates) {
    const hit = hitOfRow({ ...row, fileName: fileNames.get(row.uploadId) ?? '' }, columnsByFile.get(row.uploadId) ?? [], term)
    if (hit) hits.push(hit)
  }
  const fileOrder = new Map(files.map((file, index) => [file.id, index]))
  return { term, hits: rankHits(hits, fileOrder) }
}

/** Each file's columns in their order, with the names the user sees (hidden ones too). */
async function columnsOf(uploadIds: string[]): Promise<Map<string, SearchColumn[]>> {
  const rows = await db
    .select({ uploadId: uploadColumns.uploadId, key: uploadColumns.key, name: uploadColumns.name })
    .from(uploadColumns)
    .where(inArray(uploadColumns.uploadId, uploadIds))
    .orderBy(asc(uploadColumns.uploadId), asc(uploadColumns.position))
  const byFile = new Map<string, SearchColumn[]>()
  for (const { uploadId, key, name } of rows) {
    const list = byFile.get(uploadId) ?? []
    list.push({ key, name })
    byFile.set(uploadId, list)
  }
  return byFile
}
