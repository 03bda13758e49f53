import { z } from 'zod'
import { COLUMN_KEY_PATTERN } from './rows.ts'
import type { columnDuplicatesSchema, duplicateFiguresSchema, identifierKindSchema } from './uploads.ts'

/**
 * Duplicate rows (issue 30 item 2): how a list's repeats are found, counted and removed. A lead is
 * identified by its e-mail, its website or domain, or an id column; those are the columns the
 * quality report and Magic Chat count repeats in, and the ones 'Remove duplicates' offers first.
 */

export type IdentifierKind = z.infer<typeof identifierKindSchema>

const SOCIAL_PROFILE = /linkedin|twitter|facebook|instagram|github|profile/

/**
 * The kind of identity a column holds, read from its name: 'E-mail', 'work_email' (email);
 * 'Website', 'Company URL', 'Domain' (website: compared by domain); 'Id', 'Lead ID', 'LinkedIn
 * URL' (id: a profile URL names one person, so it is compared whole, not by its site).
 */
export function identifierKindOf(name: string): IdentifierKind | null {
  const words = name
    .trim()
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[\s_\-./:#]+/g, ' ')
    .trim()
  // 'Email domain' is the company's domain, which colleagues share: a website, not an address.
  if (/\bdomain\b/.test(words)) return 'website'
  if (/\be ?mail\b|\bemail/.test(words)) return 'email'
  if (SOCIAL_PROFILE.test(name.toLowerCase().replace(/[^a-z]/g, ''))) return 'id'
  if (/\b(website|web site|domain|url|homepage|home page|site|web)\b/.test(words)) return 'website'
  if (/^(id|uid|uuid|guid)$|\bid$|\bidentifier\b/.test(words)) return 'id'
  return null
}

/** The columns that identify a lead (e-mail, website or domain, an id), in the order given. */
export function identifyingColumnsOf<C extends { key: string; name: string }>(columns: readonly C[]): Array<{ key: string; name: string; kind: IdentifierKind }> {
  return columns.flatMap((column) => {
    const kind = identifierKindOf(column.name)
    return kind ? [{ key: column.key, name: column.name, kind }] : []
  })
}

/**
 * The one rule for which rows are duplicates of each other (issue 44), used by the quality report's
 * figures and by 'Remove duplicates' as its default: rows are one record when the columns that
 * identify a record agree, that is its id and e-mail columns, compared together (case, accents and
 * outer spaces aside). A website or a domain does not identify a record: colleagues share their
 * company's, so shared websites are reported as companies with several contacts, never as
 * duplicates. A file with neither an id nor an e-mail column counts whole rows repeated exactly
 * (an empty list here: 'All columns' in the dialog).
 */
export function recordIdentityColumnsOf<C extends { key: string; name: string }>(columns: readonly C[]): Array<{ key: string; name: string; kind: IdentifierKind }> {
  return identifyingColumnsOf(columns).filter((column) => column.kind !== 'website')
}

/** The columns whose shared values the report counts as what they are (a company with several contacts). */
export function sharedValueColumnsOf<C extends { key: string; name: string }>(columns: readonly C[]): Array<{ key: string; name: string; kind: IdentifierKind }> {
  return identifyingColumnsOf(columns).filter((column) => column.kind === 'website')
}

/** 'first': the earliest row of each group stays; 'most_complete': the one with most filled cells (the earliest on a tie). */
export const duplicateKeepSchema = z.enum(['first', 'most_complete'])
export type DuplicateKeep = z.infer<typeof duplicateKeepSchema>

/**
 * Which rows count as repeats: `all` compares every column exactly; a list of column keys
 * compares those columns as plans compare text (case, accents and outer spaces aside), websites
 * by their domain. Rows whose chosen columns are all empty are never repeats of each other.
 */
export const duplicatesSpecSchema = z.object({
  columns: z.union([z.literal('all'), z.array(z.string().regex(COLUMN_KEY_PATTERN)).min(1, 'Choose at least one column.').max(50)]),
  keep: duplicateKeepSchema.default('first'),
})
export type DuplicatesSpec = z.infer<typeof duplicatesSpecSchema>
export type DuplicatesSpecInput = z.input<typeof duplicatesSpecSchema>

/** The removal, with the count the user was shown: when the rows changed since, nothing is deleted (409). */
export const removeDuplicatesSchema = duplicatesSpecSchema.extend({
  expectedCount: z.number().int().min(0).optional(),
})
export type RemoveDuplicatesInput = z.input<typeof removeDuplicatesSchema>

/** What would be removed: the repeats (every row of a group but the one kept), in row order. */
export const duplicatesPreviewSchema = z.object({
  duplicateRows: z.number().int(),
  /** Groups of rows that repeat each other (each keeps one row). */
  groups: z.number().int(),
  totalRows: z.number().int(),
  rowIndexes: z.array(z.number().int()),
})
export type DuplicatesPreview = z.infer<typeof duplicatesPreviewSchema>

export const removeDuplicatesResultSchema = z.object({ deleted: z.number().int(), totalRows: z.number().int() })
export type RemoveDuplicatesResult = z.infer<typeof removeDuplicatesResultSchema>

/** Rows repeating an earlier row's value in one identifying column. */
export type ColumnDuplicates = z.infer<typeof columnDuplicatesSchema>

/** The quality report's duplicates: exact repeats of whole rows, and repeats per identifying column. */
export type DuplicateFigures = z.infer<typeof duplicateFiguresSchema>
