import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import { SEARCH } from '#common/constants'
import type { SearchResult } from '#common/schemas/search'
import { db } from '#server/db/client'
import { csvUploads, uploadColumns } from '#server/db/schema/index'
import { findRowCandidates } from '#server/modules/row-storage/search-sql'
import { hitOfRow, normaliseTerm, rankHits, type RankedHit, type SearchColumn } from './lib/row-hits.ts'

/**
 * Candidate rows a search reads in all, shared among the user's files. A term found in most rows
 * of many files would otherwise have every one of them read and ranked; a file holding more
 * candidates than its share is ranked on the first ones found (about its first rows). Each costs
 * its row text (about 13 µs a row on PostgreSQL, more for the rows a common term's scan passes
 * over), so the total, not a number a file, bounds a search's work: one file is ranked on 80
 * candidates, each of 10 files on 8 (20 a file over 10 files read 200 rows for 8 answers, and its
 * p95 was twice this).
 */
export const CANDIDATES_IN_ALL = 80

/** A file's share of the candidates: never fewer than a search answers, so one file can give them all. */
export const candidatesPerFile = (files: number) => Math.max(SEARCH.maxResults, Math.ceil(CANDIDATES_IN_ALL / Math.max(1, files)))

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

  const candidates = await findRowCandidates({ uploadIds: files.map((file) => file.id), term, perUpload: candidatesPerFile(files.length) })
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
