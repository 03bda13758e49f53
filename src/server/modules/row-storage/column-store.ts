import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { COLUMN_MESSAGES } from '#common/messages'
import type { ColumnKind, ColumnType, DateOrder, DateOrderBasis } from '#common/schemas/uploads'
import { db, type Database } from '#server/db/client'
import { uploadColumns } from '#server/db/schema/index'
import { sqlArray } from '#server/db/sql-array'
import { AppError } from '#server/platform/app-error'

/**
 * The one writer of `upload_columns` (CONVENTIONS 20, decision 031): a file's columns are added,
 * changed, moved and removed only here, whoever asks (the import, the grid, the rows API, AI and
 * formula columns). Additions hold a per-file lock and read the columns after it, and a unique
 * index on the file and the name as a person reads it (case and surrounding spaces aside) stops
 * two requests that add one name at once from making it twice. `ownership.test.ts` fails when
 * another module writes the table.
 */

export type ColumnRow = typeof uploadColumns.$inferSelect
type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>

/** Names are compared as a person reads them: case and surrounding spaces do not count. */
export const nameKeyOf = (name: string) => name.trim().toLowerCase()

export type NewColumn = {
  name: string
  kind: ColumnKind
  type?: ColumnType
  formula?: string | null
  /** Kept when given (a source column's key follows its position in the file); a new random one otherwise. */
  key?: string
}

/** A key no other column of any file had: a deleted column's values never reappear under a new one. */
export const newColumnKey = (kind: ColumnKind) => `${kind === 'formula' ? 'f' : kind === 'ai' ? 'ai' : 'm'}_${randomBytes(5).toString('hex')}`

/** One addition of columns to a file at a time, until the caller's transaction ends. */
async function lockColumnsOf(tx: Executor, uploadId: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('upload_columns'), hashtext(${uploadId}))`)
}

const isNameTaken = (error: unknown) => {
  const cause = (error as { cause?: { code?: string; constraint?: string } })?.cause ?? (error as { code?: string; constraint?: string })
  return cause?.code === '23505' && (cause.constraint === undefined || cause.constraint === 'upload_columns_upload_name_idx')
}

/**
 * Adds columns at the end of the file, in the caller's transaction (`tx` must be one): positions
 * are read after the file's lock. A name the file already has is a 409 with the name.
 */
export async function addColumns(tx: Executor, uploadId: string, columns: readonly NewColumn[]): Promise<ColumnRow[]> {
  if (columns.length === 0) return []
  await lockColumnsOf(tx, uploadId)
  const [last] = await tx.select({ position: sql<number | null>`max(${uploadColumns.position})` }).from(uploadColumns).where(eq(uploadColumns.uploadId, uploadId))
  const start = Number(last?.position ?? -1) + 1
  try {
    return await tx
      .insert(uploadColumns)
      .values(
        columns.map((column, i) => ({
          uploadId,
          key: column.key ?? newColumnKey(column.kind),
          name: column.name,
          type: column.type ?? ('text' as const),
          kind: column.kind,
          formula: column.formula ?? null,
          position: start + i,
        })),
      )
      .returning()
  } catch (error) {
    if (!isNameTaken(error)) throw error
    throw new AppError('CONFLICT', COLUMN_MESSAGES.columnNameConflict(columns.map((c) => c.name).join(', ')), { title: COLUMN_MESSAGES.nameConflictTitle })
  }
}

/**
 * The file's columns for these names, adding those it lacks as text columns at the end (the rows
 * API's `addColumns`): read after the file's lock, so two requests naming one new column at once
 * make it once. Answers every name's column and the ones added now.
 */
export async function ensureColumns(tx: Executor, uploadId: string, names: readonly string[]): Promise<{ byName: Map<string, ColumnRow>; added: ColumnRow[] }> {
  await lockColumnsOf(tx, uploadId)
  const current = await tx.select().from(uploadColumns).where(eq(uploadColumns.uploadId, uploadId))
  const byName = new Map(current.map((column) => [nameKeyOf(column.name), column]))
  const missing = [...new Map(names.filter((name) => !byName.has(nameKeyOf(name))).map((name) => [nameKeyOf(name), name])).values()]
  const added = await addColumns(tx, uploadId, missing.map((name) => ({ name, kind: 'manual' as const })))
  for (const column of added) byName.set(nameKeyOf(column.name), column)
  return { byName, added }
}

/** A file's source columns as its header gives them, from `position` on (the import). */
export async function addSourceColumns(uploadId: string, columns: ReadonlyArray<{ key: string; name: string; position: number }>) {
  if (columns.length === 0) return
  await db.insert(uploadColumns).values(columns.map((column) => ({ uploadId, ...column })))
}

/** Every column of the file goes (an import starting again from its header). */
export async function deleteAllColumns(uploadId: string) {
  await db.delete(uploadColumns).where(eq(uploadColumns.uploadId, uploadId))
}

export type ColumnChange = Partial<{
  name: string
  type: ColumnType
  hidden: boolean
  width: number | null
  formula: string | null
  dateOrder: DateOrder | null
  dateOrderBasis: DateOrderBasis | null
}>

/** Changes one column; answers it as it is now (undefined: no such column). A name taken is a 409. */
export async function updateColumn(uploadId: string, key: string, change: ColumnChange, executor: Pick<Database, 'update'> = db): Promise<ColumnRow | undefined> {
  try {
    const [row] = await executor
      .update(uploadColumns)
      .set({ ...change, updatedAt: new Date() })
      .where(and(eq(uploadColumns.uploadId, uploadId), eq(uploadColumns.key, key)))
      .returning()
    return row
  } catch (error) {
    if (!isNameTaken(error) || change.name === undefined) throw error
    throw new AppError('CONFLICT', COLUMN_MESSAGES.columnNameConflict(change.name), { title: COLUMN_MESSAGES.nameConflictTitle })
  }
}

/**
 * The UTC day these formula columns were computed on: today for the `dated` ones (they read
 * TODAY()), none for the others (the clock job computes again the columns of a past day).
 */
export async function stampFormulaDays(executor: Pick<Database, 'execute'>, { uploadId, keys, dated }: { uploadId: string; keys: readonly string[]; dated: readonly string[] }) {
  if (keys.length === 0) return
  await executor.execute(sql`
    UPDATE upload_columns SET formula_computed_on = CASE WHEN key = ANY(${sqlArray(dated, 'text')}) THEN (now() AT TIME ZONE 'UTC')::date END
    WHERE upload_id = ${uploadId} AND key = ANY(${sqlArray(keys, 'text')})`)
}

/** The grid's drag and drop order: every key of the file, each once (checked by the caller). */
export async function reorderColumns(uploadId: string, keys: readonly string[]) {
  // Positions are unique per upload only in spirit: one statement moves them all at once.
  await db.execute(sql`
    UPDATE upload_columns AS c SET position = o.position - 1, updated_at = now()
    FROM unnest(${sqlArray(keys, 'text')}) WITH ORDINALITY AS o(key, position)
    WHERE c.upload_id = ${uploadId} AND c.key = o.key`)
}

/** Removes one column (its AI field and cells go with it, by the schema's cascade). */
export async function removeColumn(uploadId: string, key: string, executor: Pick<Database, 'delete'> = db) {
  await executor.delete(uploadColumns).where(and(eq(uploadColumns.uploadId, uploadId), eq(uploadColumns.key, key)))
}
