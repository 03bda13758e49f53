import { and, asc, eq, sql } from 'drizzle-orm'
import { columnReferencesOf, formulaColumnsOf, parseFormula, type FormulaColumn } from '#common/formula/parse'
import type { FormulaNode, ValueKind } from '#common/schemas/formula'
import { db, type Database } from '#server/db/client'
import { uploadColumns } from '#server/db/schema/index'
import { AppError } from '#server/platform/app-error'
import { writeFormulaValues, writeFormulaValuesInSlices } from '#server/modules/row-storage/row-cells'
import { stampFormulaDays, updateColumn } from '#server/modules/row-storage/column-store'
import { readFormulaValues } from '#server/modules/row-storage/row-reader'
import { getReadableUploadOrThrow } from '#server/modules/uploads/uploads.service'
import { FORMULA_PREVIEW_ROWS, type FormulaPreview, type FormulaPreviewInput } from '#common/schemas/rows'

/**
 * Formula columns (issue 32): the formula is stored as written and parsed again against the
 * upload's columns wherever it is used, so its `{Column}` names always meet the columns of now.
 * A formula reads any column. A formula column it names stands for that column's formula (read
 * in by the parser, `FormulaColumn`), so every formula is computed from source, manual and AI
 * cells, in any order; formulas that read each other in a circle are refused.
 */

type ColumnRow = typeof uploadColumns.$inferSelect

const isFormulaColumn = (column: Pick<ColumnRow, 'kind'>) => column.kind === 'formula'

/**
 * A formula checked against the upload's columns: its tree and kind, or a 422 that points at the
 * place. `self` is the formula column it is for, when it has one: a formula it reads may not read it.
 */
export function checkFormulaOrThrow(formula: string, columns: readonly ColumnRow[], self?: string): { ast: FormulaNode; type: ValueKind } {
  const parsed = parseFormula(formula, formulaColumnsOf(columns), { self })
  if (!parsed.ok) throw new AppError('VALIDATION_FAILED', parsed.error.message, { at: parsed.error.at })
  return { ast: parsed.ast, type: parsed.type }
}

/** The formula columns that read column `key`, directly or through other formula columns. */
export function formulasReading(columns: readonly ColumnRow[], key: string): string[] {
  const references = new Map(columns.filter((column) => isFormulaColumn(column) && column.formula !== null).map((column) => [column.key, referencedKeys(column.formula!, columns)]))
  const reading = new Set<string>()
  const visit = (target: string) => {
    for (const [formulaKey, keys] of references) {
      if (keys.has(target) && !reading.has(formulaKey)) {
        reading.add(formulaKey)
        visit(formulaKey)
      }
    }
  }
  visit(key)
  reading.delete(key)
  return [...reading]
}

/** The keys of the columns a formula names as written (a formula column is one key, not read in). */
function referencedKeys(formula: string, columns: readonly ColumnRow[]): Set<string> {
  const parsed = parseFormula(formula, asWritten(columns))
  return new Set(parsed.ok ? columnReferencesOf(parsed.ast).map((reference) => reference.key) : [])
}

/** Every column as a name only: a formula parsed this way keeps its `{Formula column}` references as written. */
const asWritten = (columns: readonly ColumnRow[]): FormulaColumn[] => columns.map(({ key, name, type }) => ({ key, name, type }))

/** The formulas the upload's formula columns hold (a chat answer does not offer to save one again). */
export async function savedFormulasOf(uploadId: string): Promise<string[]> {
  return (await columnsOf(uploadId)).flatMap((column) => (isFormulaColumn(column) && column.formula !== null ? [column.formula] : []))
}

/** The upload's columns in their order; its owner is checked by the caller. */
export const columnsOf = (uploadId: string, executor: Pick<Database, 'select'> = db) =>
  executor.select().from(uploadColumns).where(eq(uploadColumns.uploadId, uploadId)).orderBy(asc(uploadColumns.position))

/** The upload's formula columns (all, or those of `keys`) parsed against its columns of now; those that no longer read are left out. */
function parsedFormulasOf(columns: readonly ColumnRow[], keys?: readonly string[]) {
  return columns
    .filter((column) => isFormulaColumn(column) && column.formula !== null && (!keys || keys.includes(column.key)))
    .flatMap((column) => {
      const parsed = parseFormula(column.formula!, formulaColumnsOf(columns), { self: column.key })
      return parsed.ok ? [{ key: column.key, ast: parsed.ast }] : []
    })
}

/**
 * Computes the upload's formula columns' values for some rows (after an edit of their cells, an AI
 * run's answers, rows added), in the caller's transaction. A formula that no longer reads (its
 * column was deleted) is left as it is. True when some formula was written.
 */
export async function refreshFormulaValues(
  { uploadId, rowIndexes }: { uploadId: string; rowIndexes: readonly number[] },
  executor: Pick<Database, 'select' | 'execute'> = db,
): Promise<boolean> {
  const columns = await columnsOf(uploadId, executor)
  const formulas = parsedFormulasOf(columns)
  if (formulas.length === 0) return false
  await writeFormulaValues({ uploadId, columns: columns.filter((column) => !isFormulaColumn(column)), formulas, rows: { rowIndexes } }, executor)
  return true
}

/**
 * Computes formula columns (`keys`) for every row of the upload: after the transaction that added
 * or changed them, never inside one, a slice of rows per statement (decision 032; in one UPDATE a
 * formula over 60,000 rows held PGlite for seconds). The day they are computed on is stamped first,
 * for the columns that read today's date, so a day that ends in between leaves a column marked
 * older than it is, not newer.
 */
export async function computeFormulaColumns({ uploadId, keys }: { uploadId: string; keys: readonly string[] }): Promise<void> {
  const columns = await columnsOf(uploadId)
  const formulas = parsedFormulasOf(columns, keys)
  if (formulas.length === 0) return
  await stampComputedOn({ uploadId, formulas }, db)
  await writeFormulaValuesInSlices({ uploadId, columns: columns.filter((column) => !isFormulaColumn(column)), formulas })
}

/** Whether a formula reads today's date, itself or through a formula column it names (read in by the parser). */
export function readsToday(node: FormulaNode): boolean {
  switch (node.node) {
    case 'literal':
    case 'column':
      return false
    case 'unary':
      return readsToday(node.operand)
    case 'binary':
      return readsToday(node.left) || readsToday(node.right)
    case 'call':
      return node.name === 'TODAY' || node.args.some(readsToday)
  }
}

/** Today's date as SQL's TODAY() reads it (the database's clock, UTC). */
const TODAY_SQL = sql`(now() AT TIME ZONE 'UTC')::date`

/** Marks formula columns as computed today when they read today's date, and clears the mark of the others. */
async function stampComputedOn({ uploadId, formulas }: { uploadId: string; formulas: ReadonlyArray<{ key: string; ast: FormulaNode }> }, executor: Pick<Database, 'execute'>) {
  const dated = formulas.filter((formula) => readsToday(formula.ast)).map((formula) => formula.key)
  await stampFormulaDays(executor, { uploadId, keys: formulas.map((formula) => formula.key), dated })
}

/**
 * Formula columns that read today's date, computed again once their day has passed (the clock job,
 * every 10 minutes): each upload's columns are claimed in a transaction (their mark cleared, so a
 * second process finds nothing to do), then computed in slices after it. A column marked with a
 * past day whose formula no longer reads the date (a column made before the mark existed) only
 * loses its mark. Answers how many columns were computed again.
 */
export async function refreshPastDayFormulas(): Promise<number> {
  const stale = await db
    .selectDistinct({ uploadId: uploadColumns.uploadId })
    .from(uploadColumns)
    .where(and(eq(uploadColumns.kind, 'formula'), sql`${uploadColumns.formulaComputedOn} < ${TODAY_SQL}`))
  let refreshed = 0
  for (const { uploadId } of stale) {
    const claimed = await db.transaction(async (tx) => {
      const columns = await tx
        .select()
        .from(uploadColumns)
        .where(and(eq(uploadColumns.uploadId, uploadId), sql`${uploadColumns.formulaComputedOn} < ${TODAY_SQL}`))
        .for('update')
      const keys = columns.map((column) => column.key)
      if (keys.length === 0) return []
      const all = await columnsOf(uploadId, tx)
      const dated = columns.filter((column) => {
        const parsed = column.formula === null ? null : parseFormula(column.formula, formulaColumnsOf(all), { self: column.key })
        return parsed?.ok === true && readsToday(parsed.ast)
      })
      await stampFormulaDays(tx, { uploadId, keys, dated: [] })
      return dated.map((column) => column.key)
    })
    if (claimed.length > 0) await computeFormulaColumns({ uploadId, keys: claimed })
    refreshed += claimed.length
  }
  return refreshed
}

/**
 * After a formula column's formula changed, in its transaction: the formula columns that read it
 * (directly or through others), each typed again by what its formula now gives. Answers the keys
 * whose values to compute again after the transaction (`computeFormulaColumns`): the column's and
 * its readers'.
 */
export async function retypeFormulaReaders({ uploadId, key }: { uploadId: string; key: string }, executor: Pick<Database, 'select' | 'update'>): Promise<string[]> {
  const columns = await columnsOf(uploadId, executor)
  const readers = formulasReading(columns, key)
  for (const column of columns.filter((c) => readers.includes(c.key))) {
    const parsed = parseFormula(column.formula!, formulaColumnsOf(columns), { self: column.key })
    if (parsed.ok && parsed.type !== column.type) await updateColumn(uploadId, column.key, { type: parsed.type }, executor)
  }
  return [key, ...readers]
}

/**
 * A formula with every `{Old name}` reference to a column written with the column's new name, so
 * a rename keeps the formulas that use it working (a formula that does not read is left as it is).
 */
export function renameInFormula(formula: string, columns: readonly ColumnRow[], key: string, newName: string): string {
  const parsed = parseFormula(formula, asWritten(columns))
  if (!parsed.ok) return formula
  const starts = columnReferencesOf(parsed.ast).flatMap((reference) => (reference.key === key ? [reference.at] : []))
  let renamed = formula
  for (const start of starts.sort((a, b) => b - a)) {
    const end = renamed.indexOf('}', start)
    renamed = `${renamed.slice(0, start)}{${newName}}${renamed.slice(end + 1)}`
  }
  return renamed
}

/** The upload's formulas after a column's rename, written in the same transaction as the rename. */
export async function renameInFormulas(
  { uploadId, key, newName }: { uploadId: string; key: string; newName: string },
  executor: Pick<Database, 'select' | 'update'>,
) {
  const columns = await columnsOf(uploadId, executor)
  for (const column of columns) {
    if (!isFormulaColumn(column) || column.formula === null) continue
    const formula = renameInFormula(column.formula, columns, key, newName)
    if (formula === column.formula) continue
    await updateColumn(uploadId, column.key, { formula }, executor)
  }
}

/** A formula on the upload's first rows, computed by the database as the column would be (the editor's live preview). */
export async function previewFormula({ userId, uploadId, formula }: { userId: string; uploadId: string } & FormulaPreviewInput): Promise<FormulaPreview> {
  const upload = await getReadableUploadOrThrow({ userId, uploadId })
  const columns = await columnsOf(upload.id)
  return previewCheckedFormula({ uploadId: upload.id, columns, checked: checkFormulaOrThrow(formula, columns) })
}

/** A formula already checked against `columns`, on the upload's first rows. */
export async function previewCheckedFormula({
  uploadId,
  columns,
  checked,
}: {
  uploadId: string
  columns: readonly ColumnRow[]
  checked: { ast: FormulaNode; type: ValueKind }
}): Promise<FormulaPreview> {
  const sources = columns.filter((column) => !isFormulaColumn(column))
  return { type: checked.type, rows: await readFormulaValues({ uploadId, ast: checked.ast, columns: sources, limit: FORMULA_PREVIEW_ROWS }) }
}
