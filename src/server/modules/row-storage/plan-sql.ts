import { sql, type SQL } from 'drizzle-orm'
import { parseBoolean, parseDateKey, parseNumber } from '#common/cell-values'
import { parseFormula } from '#common/formula/parse'
import { PLAN_MESSAGES } from '#common/messages'
import type { FormulaNode, ValueKind } from '#common/schemas/formula'
import type { Condition, PlanFigure, PlanOperator, Subject } from '#common/schemas/plans'
import type { ColumnType, DateOrder } from '#common/schemas/uploads'
import { AppError } from '#server/platform/app-error'
import { escapeLike } from '#server/platform/like-pattern'
import { FormulaLets, formulaOperandSql, formulaTextSql, formulaValueSql, formulaValueTextSql, withLetsSql } from './formula-sql.ts'
import { cellSql, dateKeySql, KEEP_VALUES, SORT_PREFIX_CHARS, sortValueSql, type ViewColumn } from './view-sql.ts'

/**
 * The one place where conditions become SQL (issue 22): a grid view's filters and a chat plan's
 * conditions are both compiled here, so "equals" or "greater than" mean the same thing in the
 * filter popover and in Magic Chat. Values are parameters; column keys are checked literals.
 *
 * Rules: text compares after rowcraft_fold (outer spaces trimmed, Latin accents dropped, lower
 * case). An operand that reads as a number compares numerically (on a number column it must);
 * one that reads as a date compares as a date (on a date column it must). `between` includes
 * both ends. Every column condition is true or false, never null, so `not` and the negated
 * operators (not_equals, not_contains, not_in) keep the empty cells.
 *
 * A condition may read a formula instead of a column (issue 32): the formula is compiled by
 * formula-sql.ts (the one compiler of formulas), computed once a row, and compared by the same
 * rules as a column of the formula's kind (a number formula as a number column, a text one as a
 * text column).
 */

/** A formula a plan gives where it could name a column, checked against the upload's columns. */
export type PlanFormula = { text: string; ast: FormulaNode; type: ValueKind; columns: readonly ViewColumn[] }

/** What a plan reads: a column, or a formula. `label` is how an answer names it. */
export type ResolvedSubject = { label: string } & ({ column: ViewColumn } | { formula: PlanFormula })

/** A condition whose column is resolved. `search` is the grid's box: any value of the row contains it. */
export type Clause =
  | { all: Clause[] }
  | { any: Clause[] }
  | { not: Clause }
  | { column: ViewColumn; op: PlanOperator; values: string[]; caseSensitive?: boolean }
  | { formula: PlanFormula; op: PlanOperator; values: string[]; caseSensitive?: boolean }
  | { search: string }

export type ColumnClause = Extract<Clause, { op: PlanOperator }>

/** Where a row's search text comes from: the indexed expression, or PGlite's stored column. */
export type SearchSource = { isStored: boolean }

const normaliseName = (name: string) =>
  name
    .trim()
    .replace(/^\{(.*)\}$/s, '$1')
    .trim()
    .toLowerCase()

/** The column a user or a model names: its display name, any case, with or without braces. */
export function resolveColumnOrThrow(columns: readonly ViewColumn[], name: string): ViewColumn {
  const wanted = normaliseName(name)
  const column = columns.find((c) => c.name.trim().toLowerCase() === wanted)
  if (column) return column
  const names = columns.map((c) => c.name)
  throw new AppError('VALIDATION_FAILED', PLAN_MESSAGES.unknownColumn(name, names), { columns: names })
}

/**
 * A plan's formula checked against the upload's columns (any of them: a formula column's values
 * are stored, so a plan may read them). One that does not check is a 422 that says which formula
 * and where in it (`details.at`, 0-based, and `details.formula`).
 */
export function resolveFormulaOrThrow(columns: readonly ViewColumn[], text: string): PlanFormula {
  const parsed = parseFormula(text, columns)
  if (!parsed.ok) throw new AppError('VALIDATION_FAILED', PLAN_MESSAGES.formulaProblem(text, parsed.error.message), { at: parsed.error.at, formula: text })
  return { text, ast: parsed.ast, type: parsed.type, columns }
}

/** A column or formula a plan names, resolved. */
export function resolveSubjectOrThrow(columns: readonly ViewColumn[], subject: Subject): ResolvedSubject {
  if ('formula' in subject) return { label: subject.formula, formula: resolveFormulaOrThrow(columns, subject.formula) }
  const column = resolveColumnOrThrow(columns, subject.column)
  return { label: column.name, column }
}

/** Whether a condition compares a row with a figure over the rows somewhere in it. */
export const hasFigure = (condition: Condition): boolean =>
  'all' in condition ? condition.all.some(hasFigure) : 'any' in condition ? condition.any.some(hasFigure) : 'not' in condition ? hasFigure(condition.not) : 'figure' in condition

/**
 * A row against its column (issue 44): a condition with each figure it compares with ("above the
 * average salary") given as its value (`figureOf` computes it, once however often it is asked), so
 * it compiles as if the value had been written. A figure with no number matches no row (an empty
 * `any`, which `not` turns into every row).
 */
export async function withFigureValues(condition: Condition, figureOf: (figure: PlanFigure) => Promise<number | string | null>): Promise<Condition> {
  if ('all' in condition) return { all: await Promise.all(condition.all.map((c) => withFigureValues(c, figureOf))) }
  if ('any' in condition) return { any: await Promise.all(condition.any.map((c) => withFigureValues(c, figureOf))) }
  if ('not' in condition) return { not: await withFigureValues(condition.not, figureOf) }
  if (!('figure' in condition)) return condition
  const value = await figureOf(condition.figure)
  if (value === null) return { any: [] }
  const subject = 'formula' in condition ? { formula: condition.formula } : { column: condition.column }
  return { ...subject, op: condition.op, value: String(value) }
}

/** A plan's condition with its columns resolved by name (an unknown name is a 422 listing the columns). */
export function resolveCondition(condition: Condition, columns: readonly ViewColumn[]): Clause {
  if ('all' in condition) return { all: condition.all.map((c) => resolveCondition(c, columns)) }
  if ('any' in condition) return { any: condition.any.map((c) => resolveCondition(c, columns)) }
  if ('not' in condition) return { not: resolveCondition(condition.not, columns) }
  // Figures are computed before the conditions compile (`withFigureValues`), by the plan or the view.
  if ('figure' in condition) throw new Error('A condition against a figure reached resolveCondition before its figure was computed')
  const values = 'values' in condition ? [...condition.values] : condition.value === undefined ? [] : [condition.value]
  const exact = 'caseSensitive' in condition && condition.caseSensitive ? { caseSensitive: true } : {}
  if ('formula' in condition) return { formula: resolveFormulaOrThrow(columns, condition.formula), op: condition.op, values, ...exact }
  return { column: resolveColumnOrThrow(columns, condition.column), op: condition.op, values, ...exact }
}

/**
 * The SQL a subject sorts by: a column's sort value; a formula's value in its kind (text by its
 * first characters, in lower case), read from its column of a plan's scan (`formulas`).
 */
export function subjectSortSql(subject: ResolvedSubject, formulas: ScanFormulas): SQL {
  if ('column' in subject) return sortValueSql(subject.column)
  const value = formulas.add(subject.formula)
  if (subject.formula.type === 'text') return sql`lower(left(${value}, ${sql.raw(String(SORT_PREFIX_CHARS))}))`
  return value
}

/**
 * The formulas a plan's scan computes once a row, before anything reads them (issue 32): each
 * distinct formula is a column of a select under the ones that read it, and every condition,
 * measure, sort or grouping that reads the same formula reads that column. A question like
 * "rows whose employees / 10 is at least 5, and their average employees / 10" computes the
 * formula once, not twice (about 120 ms over 100,000 rows). The values a formula itself computes
 * once a row are columns of selects further down (`FormulaLets`), not one-row subqueries.
 *
 * Formulas read `'every'` row (a condition's, a sort's, the scan's measure) are computed under the
 * conditions; those only a grouping reads, over the matched rows, above them and on those rows
 * only. So a condition's formula is added before any of the matched rows'.
 */
export class ScanFormulas {
  private readonly phases = { every: { lets: new FormulaLets('xe'), values: new Map<string, { name: SQL; value: SQL }>() }, matched: { lets: new FormulaLets('xm'), values: new Map<string, { name: SQL; value: SQL }>() } }

  /** The column of the formula's value (in its own kind), computed on every row or only the matched ones. */
  add(formula: PlanFormula, rows: 'every' | 'matched' = 'every'): SQL {
    const shape = formulaShape(formula)
    const found = this.phases.every.values.get(shape) ?? (rows === 'matched' ? this.phases.matched.values.get(shape) : undefined)
    if (found) return found.name
    if (rows === 'every' && this.phases.matched.values.size > 0) throw new Error('A formula of every row was added after one of the matched rows')
    const phase = this.phases[rows]
    const name = sql.raw(`${rows === 'every' ? 'fe' : 'fm'}${phase.values.size}`)
    phase.values.set(shape, { name, value: formulaValueSql(formula.ast, formula.columns, phase.lets) })
    return name
  }

  /** The names of the formulas of every row, to pass them on (`, fe0`). */
  everyRowNames(): SQL {
    return sql.join([...this.phases.every.values.values()].map(({ name }) => sql`, ${name}`), sql``)
  }

  /** The upload's rows (`rows`, the FROM of its table) with the formulas of every row: a FROM item aliased `r` with `row_index`, `data` and the formulas. */
  overEveryRow(rows: SQL): SQL {
    return this.over(sql`(SELECT row_index, data FROM ${rows}) AS r`, 'every')
  }

  /** `from` (aliased `r`, after the conditions) with the formulas of the matched rows, computed where `matched` holds. */
  overMatchedRows(from: SQL, matched: SQL): SQL {
    return this.over(from, 'matched', matched)
  }

  private over(from: SQL, rows: 'every' | 'matched', when?: SQL): SQL {
    const { lets, values } = this.phases[rows]
    if (values.size === 0) return from
    const items = [...values.values()].map(({ name, value }) => sql`, ${when ? sql`CASE WHEN ${when} THEN ${value} END` : value} AS ${name}`)
    return sql`(SELECT r.*${sql.join(items, sql``)}, ${KEEP_VALUES} FROM ${withLetsSql(from, lets, when)}) AS r`
  }
}

/** Two formulas with the same shape (the same tree over the same columns, wherever written) have the same value. */
const formulaShape = (formula: PlanFormula) => JSON.stringify(formula.ast, (key, value: unknown) => (key === 'at' ? undefined : value))

/** The plan shape of a clause, columns by name (the web edits these as chips). */
export function toCondition(clause: Clause): Condition | null {
  if ('search' in clause) return null
  if ('all' in clause) return { all: clause.all.map(toCondition).filter((c): c is Condition => c !== null) }
  if ('any' in clause) return { any: clause.any.map(toCondition).filter((c): c is Condition => c !== null) }
  if ('not' in clause) {
    const inner = toCondition(clause.not)
    return inner ? { not: inner } : null
  }
  const subject: Subject = 'formula' in clause ? { formula: clause.formula.text } : { column: clause.column.name }
  const exact = clause.caseSensitive ? { caseSensitive: true } : {}
  if (clause.op === 'in' || clause.op === 'not_in') return { ...subject, op: clause.op, values: clause.values, ...exact }
  if (clause.op === 'between') return { ...subject, op: 'between', values: [clause.values[0] ?? '', clause.values[1] ?? ''] }
  return clause.values[0] === undefined ? { ...subject, op: clause.op, ...exact } : { ...subject, op: clause.op, value: clause.values[0], ...exact }
}

const fold = (text: SQL) => sql`rowcraft_fold(${text})`
const foldParam = (value: string) => sql`rowcraft_fold(${value}::text)`

/**
 * The SQL of a condition over `csv_rows` (the caller adds `upload_id = ...`). With `formulas`, a
 * formula's value is read from its column of a plan's scan (`ScanFormulas`) instead of computed
 * in the condition.
 */
export function clauseSql(clause: Clause, search: SearchSource, formulas?: ScanFormulas): SQL {
  if ('all' in clause) {
    if (clause.all.length === 0) return sql`true`
    return sql`(${sql.join(clause.all.map((c) => clauseSql(c, search, formulas)), sql` AND `)})`
  }
  if ('any' in clause) {
    if (clause.any.length === 0) return sql`false`
    return sql`(${sql.join(clause.any.map((c) => clauseSql(c, search, formulas)), sql` OR `)})`
  }
  if ('not' in clause) return sql`NOT ${clauseSql(clause.not, search, formulas)}`
  if ('search' in clause) return searchSql(clause.search, search)
  return columnClauseSql(clause, formulas)
}

function searchSql(term: string, { isStored }: SearchSource): SQL {
  const pattern = `%${escapeLike(term.toLowerCase())}%`
  // Rows imported before the text was stored fall back to computing it.
  if (isStored) return sql`coalesce(search_text, rowcraft_row_text(data)) LIKE ${pattern}`
  // A term with no word of three characters gives pg_trgm no trigram, and the row's search index
  // would then be read whole: counting 'zq' in 100,000 rows took 1.3 s that way, 0.55 s by reading
  // the rows. Written as `|| ''` the text is not the index's expression, so the planner reads rows.
  if (!term.split(/\s+/).some((word) => word.length >= 3)) return sql`(rowcraft_row_text(data) || '') LIKE ${pattern}`
  return sql`rowcraft_row_text(data) LIKE ${pattern}`
}

const NEGATED: Partial<Record<PlanOperator, PlanOperator>> = { not_equals: 'equals', not_contains: 'contains', not_in: 'in' }

/**
 * What a condition compares: a column's cell, or a formula's value (bound once a row). `type` is
 * the column's type or the formula's kind; `text` its text (NULL or blank when empty), `number`
 * and `date` its value read as a number and as a yyyymmdd date.
 */
type Operandee = { name: string; type: ColumnType; dateOrder: DateOrder | null; text: SQL; number: SQL; date: SQL }

const columnOperandee = (column: ViewColumn): Operandee => ({
  name: column.name,
  type: column.type,
  dateOrder: column.dateOrder ?? null,
  text: cellSql(column.key),
  number: sql`rowcraft_num(${cellSql(column.key)})`,
  date: dateKeySql(column),
})

function formulaOperandee(formula: PlanFormula, v: { value: SQL; text: SQL }): Operandee {
  const base = { name: formula.text, type: formula.type, dateOrder: null, text: v.text }
  if (formula.type === 'number') return { ...base, number: v.value, date: sql`NULL::integer` }
  if (formula.type === 'date') return { ...base, number: sql`NULL::float8`, date: v.value }
  return { ...base, number: sql`rowcraft_num(${v.text})`, date: sql`rowcraft_date_key(${v.text}, NULL::boolean)` }
}

function columnClauseSql(clause: ColumnClause, formulas?: ScanFormulas): SQL {
  const positive = NEGATED[clause.op]
  if (positive) return sql`NOT ${columnClauseSql({ ...clause, op: positive }, formulas)}`
  const exact = clause.caseSensitive === true
  // Never null: an empty cell fails every positive test, so its negation keeps it.
  if ('formula' in clause) {
    const { ast, columns, type } = clause.formula
    const body = (v: { value: SQL; text: SQL }) => sql`coalesce(${positiveSql(formulaOperandee(clause.formula, v), clause.op, clause.values, exact)}, false)`
    if (formulas) {
      const value = formulas.add(clause.formula)
      return body({ value, text: formulaValueTextSql(value, type) })
    }
    // A test that reads the value once takes the formula inline; one that reads it more often
    // (between, in, equals on text) computes it once a row in a one-row subquery.
    const readsOnce = clause.op !== 'between' && clause.op !== 'in' && !(clause.op === 'equals' && type === 'text')
    if (readsOnce) return body({ value: formulaValueSql(ast, columns), text: formulaTextSql(ast, columns) })
    return formulaOperandSql(ast, columns, body)
  }
  return sql`coalesce(${positiveSql(columnOperandee(clause.column), clause.op, clause.values, exact)}, false)`
}

type Operand = { kind: 'number'; sql: SQL; value: number } | { kind: 'date'; sql: SQL; value: number } | { kind: 'text'; sql: SQL }

/** The value a cell compares by for this operand's kind. */
function cellValueSql(subject: Operandee, kind: Operand['kind']): SQL {
  if (kind === 'number') return subject.number
  if (kind === 'date') return subject.date
  return fold(subject.text)
}

/** How an operand compares on this column: a typed column (or formula) insists on its type. */
function operandOf(subject: Operandee, raw: string): Operand {
  const value = raw.trim()
  const number = parseNumber(value)
  const date = parseDateKey(value, subject.dateOrder)
  if (subject.type === 'number') {
    if (number === null) throw new AppError('VALIDATION_FAILED', PLAN_MESSAGES.needsNumber(subject.name))
    return { kind: 'number', sql: sql`${String(number)}::numeric`, value: number }
  }
  if (subject.type === 'date') {
    if (date === null) throw new AppError('VALIDATION_FAILED', PLAN_MESSAGES.needsDate(subject.name))
    return { kind: 'date', sql: sql`${date}::integer`, value: date }
  }
  if (number !== null) return { kind: 'number', sql: sql`${String(number)}::numeric`, value: number }
  if (date !== null) return { kind: 'date', sql: sql`${date}::integer`, value: date }
  return { kind: 'text', sql: foldParam(value) }
}

const COMPARISON: Partial<Record<PlanOperator, string>> = { greater_than: '>', less_than: '<', at_least: '>=', at_most: '<=' }

/**
 * Text as a condition compares it: folded (case, accents and outer spaces ignored), or with
 * `exact` (caseSensitive) as written, outer spaces only trimmed.
 */
const textOf = (text: SQL, exact: boolean) => (exact ? sql`btrim(${text})` : fold(text))
const textParam = (value: string, exact: boolean) => (exact ? sql`${value.trim()}::text` : foldParam(value))

function equalsSql(subject: Operandee, raw: string, exact: boolean): SQL {
  const cell = subject.text
  if (subject.type === 'boolean') {
    const wanted = parseBoolean(raw)
    if (wanted !== null) {
      const words = wanted ? ['true', 'yes'] : ['false', 'no']
      return sql`${fold(cell)} IN (${sql.join(words.map((w) => sql`${w}`), sql`, `)})`
    }
  }
  const operand = operandOf(subject, raw)
  if (operand.kind === 'text') return sql`${textOf(cell, exact)} = ${textParam(raw, exact)}`
  const typed = sql`${cellValueSql(subject, operand.kind)} = ${operand.sql}`
  // '1,200' equals '1200' on a text column; so does the text itself, whatever it reads as.
  return subject.type === 'text' ? sql`(${typed} OR ${textOf(cell, exact)} = ${textParam(raw, exact)})` : typed
}

function compareSql(subject: Operandee, operator: string, raw: string): SQL {
  const operand = operandOf(subject, raw)
  return sql`${cellValueSql(subject, operand.kind)} ${sql.raw(operator)} ${operand.sql}`
}

function positiveSql(subject: Operandee, op: PlanOperator, values: string[], exact: boolean): SQL {
  const cell = subject.text
  const first = values[0] ?? ''
  switch (op) {
    case 'is_empty':
      return sql`coalesce(btrim(${cell}), '') = ''`
    case 'is_not_empty':
      return sql`btrim(${cell}) <> ''`
    case 'contains':
      return sql`${textOf(cell, exact)} LIKE '%' || ${textParam(escapeLike(first), exact)} || '%'`
    case 'starts_with':
      return sql`${textOf(cell, exact)} LIKE ${textParam(escapeLike(first), exact)} || '%'`
    case 'ends_with':
      return sql`${textOf(cell, exact)} LIKE '%' || ${textParam(escapeLike(first), exact)}`
    case 'equals':
      return equalsSql(subject, first, exact)
    case 'in':
      return sql`(${sql.join(values.map((value) => sql`coalesce(${equalsSql(subject, value, exact)}, false)`), sql` OR `)})`
    case 'between': {
      const [low, high] = orderedPair(subject, values[0] ?? '', values[1] ?? '')
      return sql`(${compareSql(subject, '>=', low)} AND ${compareSql(subject, '<=', high)})`
    }
    case 'greater_than':
    case 'less_than':
    case 'at_least':
    case 'at_most':
      return compareSql(subject, COMPARISON[op]!, first)
    case 'not_equals':
    case 'not_contains':
    case 'not_in':
      throw new Error(`Negated operator ${op} reached positiveSql`)
  }
}

/** `between 100 and 10` means the same as `between 10 and 100`. */
function orderedPair(subject: Operandee, low: string, high: string): [string, string] {
  const a = operandOf(subject, low)
  const b = operandOf(subject, high)
  if (a.kind !== 'text' && b.kind === a.kind && a.value > b.value) return [high, low]
  return [low, high]
}

/** Column keys a clause filters with a text pattern (their trigram index serves it on PostgreSQL). */
export function patternColumnsOf(clause: Clause): string[] {
  if ('all' in clause) return clause.all.flatMap(patternColumnsOf)
  if ('any' in clause) return clause.any.flatMap(patternColumnsOf)
  if ('not' in clause) return patternColumnsOf(clause.not)
  // An exact (caseSensitive) pattern reads the text as written, which the folded index does not hold.
  if ('search' in clause || 'formula' in clause || clause.caseSensitive) return []
  return ['contains', 'not_contains', 'starts_with', 'ends_with'].includes(clause.op) ? [clause.column.key] : []
}
