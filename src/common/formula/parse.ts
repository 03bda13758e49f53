import { FORMULA_MESSAGES } from '#common/messages'
import {
  COMPARISON_OPERATORS,
  FORMULA_FUNCTION_BY_NAME,
  FORMULA_LIMITS,
  maxArgsOf,
  type ArgumentKind,
  type BinaryOperator,
  type FormulaNode,
  type FunctionName,
  type ValueKind,
} from '#common/schemas/formula'
import type { ColumnType } from '#common/schemas/uploads'
import { formulaGrammar } from './grammar.ts'
import { nearestName } from './nearest.ts'
import { NUMBER_LIMIT } from './values.ts'

/**
 * A column a formula may name: `{Name}` in any case, outer spaces ignored. A formula column
 * brings its own formula: a reference to it stands for that formula, so a formula built on
 * another is computed from the cells underneath, never from values an earlier step stored.
 */
export type FormulaColumn = { key: string; name: string; type: ColumnType; formula?: string | null }

/** The columns a formula may name, from an upload's columns: every one, a formula column with its formula. */
export const formulaColumnsOf = (columns: ReadonlyArray<{ key: string; name: string; type: ColumnType; kind: string; formula?: string | null }>): FormulaColumn[] =>
  columns.map(({ key, name, type, kind, formula }) => ({ key, name, type, formula: kind === 'formula' ? (formula ?? null) : null }))

/** Where a formula goes wrong (0-based) and what is wrong, and the message that says both. */
export type FormulaProblem = { at: number; problem: string; message: string }

export type ParsedFormula = { ok: true; ast: FormulaNode; type: ValueKind } | { ok: false; error: FormulaProblem }

class FormulaError extends Error {
  constructor(
    readonly at: number,
    readonly problem: string,
  ) {
    super(problem)
  }
}

/** A problem of a formula column another formula names: said at the reference, however deep it lies. */
class ColumnFormulaError extends FormulaError {}

const problemOf = (at: number, problem: string): FormulaProblem => ({ at, problem, message: FORMULA_MESSAGES.at(at + 1, problem) })

/** What the grammar read, before names are resolved and kinds checked. */
type Raw =
  | { node: 'literal'; type: 'text' | 'number'; value: string | number; at: number }
  | { node: 'name'; name: string; at: number }
  | { node: 'column'; name: string; at: number }
  | { node: 'call'; name: string; args: Raw[]; at: number }
  | { node: 'binary'; op: BinaryOperator; left: Raw; right: Raw; at: number }
  | { node: 'unary'; operand: Raw; at: number }

const semantics = formulaGrammar.createSemantics().addOperation<unknown>('raw', {
  Formula: (expr, _end) => expr.raw(),
  Comparison_binary: (left, op, right) => binary(left.raw() as Raw, op.sourceString === '!=' ? '<>' : (op.sourceString as BinaryOperator), right.raw() as Raw),
  Concat_binary: (left, _op, right) => binary(left.raw() as Raw, '&', right.raw() as Raw),
  Sum_binary: (left, op, right) => binary(left.raw() as Raw, op.sourceString as BinaryOperator, right.raw() as Raw),
  Product_binary: (left, op, right) => binary(left.raw() as Raw, op.sourceString as BinaryOperator, right.raw() as Raw),
  Unary_minus: (minus, operand) => ({ node: 'unary', operand: operand.raw(), at: minus.source.startIdx }),
  Primary_paren: (_open, expr, _close) => expr.raw(),
  Primary_call: (name, _open, args, _close) => ({
    node: 'call',
    name: name.sourceString,
    args: args.asIteration().children.map((arg) => arg.raw()),
    at: name.source.startIdx,
  }),
  Primary_bare: (name) => ({ node: 'name', name: name.sourceString, at: name.source.startIdx }),
  column: (_open, chars, _close) => ({ node: 'column', name: chars.sourceString, at: _open.source.startIdx }),
  number: (digits) => ({ node: 'literal', type: 'number', value: Number(digits.sourceString), at: digits.source.startIdx }),
  text_double: (open, chars, _close) => ({ node: 'literal', type: 'text', value: chars.children.map((c) => c.raw()).join(''), at: open.source.startIdx }),
  text_single: (open, chars, _close) => ({ node: 'literal', type: 'text', value: chars.children.map((c) => c.raw()).join(''), at: open.source.startIdx }),
  doubleQuoted_escaped: (_slash, char) => char.sourceString,
  doubleQuoted_plain: (char) => char.sourceString,
  singleQuoted_escaped: (_slash, char) => char.sourceString,
  singleQuoted_plain: (char) => char.sourceString,
})

function binary(left: Raw, op: BinaryOperator, right: Raw): Raw {
  return { node: 'binary', op, left, right, at: left.at }
}

/**
 * How deep brackets nest, outside text and column names, checked before the grammar reads the
 * formula (so a formula of a thousand brackets is answered, not a deep recursion).
 */
function tooDeepAt(formula: string): number | null {
  let depth = 0
  let quote: string | null = null
  let inColumn = false
  for (let i = 0; i < formula.length; i += 1) {
    const char = formula[i]!
    if (quote) {
      if (char === '\\') i += 1
      else if (char === quote) quote = null
    } else if (inColumn) {
      if (char === '}') inColumn = false
    } else if (char === '"' || char === "'") quote = char
    else if (char === '{') inColumn = true
    else if (char === '(') {
      depth += 1
      if (depth > FORMULA_LIMITS.maxDepth) return i
    } else if (char === ')') depth -= 1
  }
  return null
}

/** Parses a formula against the upload's columns: the checked tree and its kind, or where it goes wrong. */
/**
 * `measures`: the formula is an expression over a plan's named measures (issue 44), given as the
 * columns: a reference names a measure, and ROW() has no row to read.
 */
export function parseFormula(formula: string, columns: readonly FormulaColumn[], { self, measures = false }: { self?: string; measures?: boolean } = {}): ParsedFormula {
  try {
    const raw = readRaw(formula)
    const ast = check(raw, new Checker(columns, self, measures), 0)
    return { ok: true, ast, type: ast.type }
  } catch (error) {
    if (error instanceof FormulaError) return { ok: false, error: problemOf(error.at, error.problem) }
    throw error
  }
}

function readRaw(formula: string): Raw {
  if (formula.length > FORMULA_LIMITS.maxLength) throw new FormulaError(FORMULA_LIMITS.maxLength, FORMULA_MESSAGES.tooLong(FORMULA_LIMITS.maxLength))
  if (formula.trim() === '') throw new FormulaError(0, FORMULA_MESSAGES.empty)
  const deepAt = tooDeepAt(formula)
  if (deepAt !== null) throw new FormulaError(deepAt, FORMULA_MESSAGES.tooDeep(FORMULA_LIMITS.maxDepth))
  const match = formulaGrammar.match(formula)
  if (match.failed()) {
    const at = match.getRightmostFailurePosition()
    const openColumn = formula.lastIndexOf('{', at)
    if (openColumn !== -1 && !formula.slice(openColumn).includes('}')) throw new FormulaError(openColumn, FORMULA_MESSAGES.unclosedColumn)
    const expected = match.getExpectedText()
    // Where a value may start, ohm lists every way one can: say it as a person would.
    throw new FormulaError(at, expected.includes('"{"') ? FORMULA_MESSAGES.valueExpected : FORMULA_MESSAGES.syntax(expected))
  }
  return semantics(match).raw() as Raw
}

class Checker {
  private readonly byName: Map<string, FormulaColumn>
  /** The formula columns being read into the formula, outermost first (the one checked, when it is a column). */
  private readonly reading: FormulaColumn[] = []
  private expansions = 0

  constructor(
    columns: readonly FormulaColumn[],
    self?: string,
    readonly isOverMeasures = false,
  ) {
    this.byName = new Map(columns.map((column) => [column.name.trim().toLowerCase(), column]))
    const column = columns.find((c) => c.key === self)
    if (column) this.reading.push(column)
  }

  column(name: string) {
    return this.byName.get(name.trim().toLowerCase())
  }

  /** The column a mistyped name most likely meant (not one being read in: it cannot read itself). */
  nearestColumn(name: string): string | null {
    const candidates = [...this.byName.values()].filter((column) => !this.reading.some((c) => c.key === column.key))
    return nearestName(name, candidates.map((column) => column.name))
  }

  /** A formula column's formula, checked where `{Name}` stands (`at`), in place of the reference. */
  expand(column: FormulaColumn & { formula: string }, at: number, depth: number): FormulaNode {
    const circle = this.reading.findIndex((c) => c.key === column.key)
    if (circle !== -1) throw new ColumnFormulaError(at, FORMULA_MESSAGES.circular([...this.reading.slice(circle), column].map((c) => c.name)))
    this.expansions += 1
    if (this.expansions > FORMULA_LIMITS.maxColumnReads) throw new ColumnFormulaError(at, FORMULA_MESSAGES.tooManyColumnReads(FORMULA_LIMITS.maxColumnReads))
    this.reading.push(column)
    try {
      return check(readRaw(column.formula), this, depth + 1)
    } catch (error) {
      if (error instanceof ColumnFormulaError) throw new ColumnFormulaError(at, error.problem)
      if (error instanceof FormulaError) throw new ColumnFormulaError(at, FORMULA_MESSAGES.columnFormulaProblem(column.name, error.problem))
      throw error
    } finally {
      this.reading.pop()
    }
  }
}

/** The function a mistyped name most likely meant. */
const nearestFunction = (name: string) => nearestName(name, [...FORMULA_FUNCTION_BY_NAME.keys()])

const kindName = (kind: ArgumentKind) => FORMULA_MESSAGES.kindNames[kind]

/** Whether a value of kind `given` may stand where `wanted` is asked: text reads as any kind. */
function fits(given: ValueKind, wanted: ArgumentKind): boolean {
  if (wanted === 'any' || wanted === 'text' || given === wanted || given === 'text') return true
  return wanted === 'number_or_date' && (given === 'number' || given === 'date')
}

/** The kind several values share; text when they differ. */
function sharedKind(kinds: ValueKind[]): ValueKind {
  const [first] = kinds
  return first !== undefined && kinds.every((kind) => kind === first) ? first : 'text'
}

/** Two operands of a comparison: the kind they compare as, or null when they cannot. */
export function comparisonKind(left: ValueKind, right: ValueKind): ValueKind | null {
  if (left === right) return left
  if (left === 'text') return right
  if (right === 'text') return left
  return null
}

function check(raw: Raw, checker: Checker, depth: number): FormulaNode {
  // Brackets are bounded before parsing; a long chain of operators is bounded here.
  if (depth > FORMULA_LIMITS.maxDepth * 2) throw new FormulaError(raw.at, FORMULA_MESSAGES.tooDeep(FORMULA_LIMITS.maxDepth * 2))
  switch (raw.node) {
    case 'literal':
      if (raw.type === 'number' && !((raw.value as number) < NUMBER_LIMIT)) throw new FormulaError(raw.at, FORMULA_MESSAGES.numberTooLarge)
      return raw.type === 'number' ? { node: 'literal', type: 'number', value: raw.value as number, at: raw.at } : { node: 'literal', type: 'text', value: raw.value, at: raw.at }
    case 'name': {
      const word = raw.name.toUpperCase()
      if (word === 'TRUE' || word === 'FALSE') return { node: 'literal', type: 'boolean', value: word === 'TRUE', at: raw.at }
      if (FORMULA_FUNCTION_BY_NAME.has(word)) throw new FormulaError(raw.at + raw.name.length, FORMULA_MESSAGES.syntax('"("'))
      throw new FormulaError(raw.at, FORMULA_MESSAGES.unknownFunction(raw.name, nearestFunction(raw.name)))
    }
    case 'column': {
      const column = checker.column(raw.name)
      if (!column) throw new FormulaError(raw.at, (checker.isOverMeasures ? FORMULA_MESSAGES.unknownMeasure : FORMULA_MESSAGES.unknownColumn)(raw.name, checker.nearestColumn(raw.name)))
      if (column.formula) return checker.expand({ ...column, formula: column.formula }, raw.at, depth)
      return { node: 'column', key: column.key, type: column.type, at: raw.at }
    }
    case 'unary': {
      const operand = check(raw.operand, checker, depth + 1)
      if (!fits(operand.type, 'number')) throw new FormulaError(operand.at, FORMULA_MESSAGES.operandKind('-', kindName('number'), kindName(operand.type)))
      return { node: 'unary', op: '-', operand, type: 'number', at: raw.at }
    }
    case 'binary':
      return checkBinary(raw, checker, depth)
    case 'call':
      return checkCall(raw, checker, depth)
  }
}

function checkBinary(raw: Extract<Raw, { node: 'binary' }>, checker: Checker, depth: number): FormulaNode {
  const left = check(raw.left, checker, depth + 1)
  const right = check(raw.right, checker, depth + 1)
  if (COMPARISON_OPERATORS.includes(raw.op)) {
    if (comparisonKind(left.type, right.type) === null) throw new FormulaError(right.at, FORMULA_MESSAGES.cannotCompare(kindName(left.type), kindName(right.type)))
    return { node: 'binary', op: raw.op, left, right, type: 'boolean', at: raw.at }
  }
  if (raw.op === '&') return { node: 'binary', op: '&', left, right, type: 'text', at: raw.at }
  for (const operand of [left, right]) {
    if (!fits(operand.type, 'number')) throw new FormulaError(operand.at, FORMULA_MESSAGES.operandKind(raw.op, kindName('number'), kindName(operand.type)))
  }
  return { node: 'binary', op: raw.op, left, right, type: 'number', at: raw.at }
}

/** BUCKET's bounds are numbers written out (a minus allowed), each larger than the one before. */
function bucketBound(arg: FormulaNode): number | null {
  if (arg.node === 'literal' && arg.type === 'number') return arg.value as number
  if (arg.node === 'unary' && arg.operand.node === 'literal' && arg.operand.type === 'number') return -(arg.operand.value as number)
  return null
}

function checkCall(raw: Extract<Raw, { node: 'call' }>, checker: Checker, depth: number): FormulaNode {
  const spec = FORMULA_FUNCTION_BY_NAME.get(raw.name.toUpperCase())
  if (!spec) throw new FormulaError(raw.at, FORMULA_MESSAGES.unknownFunction(raw.name, nearestFunction(raw.name)))
  const name = spec.name as FunctionName
  if (name === 'ROW' && checker.isOverMeasures) throw new FormulaError(raw.at, FORMULA_MESSAGES.rowOverMeasures)
  const max = maxArgsOf(spec)
  if (raw.args.length < spec.minArgs || raw.args.length > max) {
    throw new FormulaError(raw.at, FORMULA_MESSAGES.argumentCount(name, spec.minArgs, max, raw.args.length))
  }
  const args = raw.args.map((arg) => check(arg, checker, depth + 1))
  args.forEach((arg, i) => {
    const wanted = spec.args[i] ?? spec.rest ?? 'any'
    if (!fits(arg.type, wanted)) throw new FormulaError(arg.at, FORMULA_MESSAGES.argumentKind(name, kindName(wanted), kindName(arg.type)))
  })
  if (name === 'SWITCH') {
    const matches = args.slice(1, args.length % 2 === 0 ? -1 : undefined).filter((_, i) => i % 2 === 0)
    const mismatch = matches.find((match) => comparisonKind(args[0]!.type, match.type) === null)
    if (mismatch) throw new FormulaError(mismatch.at, FORMULA_MESSAGES.cannotCompare(kindName(args[0]!.type), kindName(mismatch.type)))
  }
  if ((name === 'MIN' || name === 'MAX') && args.some((arg) => arg.type === 'date')) {
    const number = args.find((arg) => arg.type === 'number')
    if (number) throw new FormulaError(number.at, FORMULA_MESSAGES.argumentKind(name, kindName('date'), kindName('number')))
  }
  if (name === 'BUCKET') {
    const bounds = args.slice(1).map(bucketBound)
    const isIncreasing = bounds.every((bound, i) => bound !== null && (i === 0 || bound > bounds[i - 1]!))
    if (!isIncreasing) throw new FormulaError(raw.at, FORMULA_MESSAGES.bucketBounds)
  }
  return { node: 'call', name, args, type: callKind(name, args, spec.result), at: raw.at }
}

/** The kind of a call whose result follows its arguments. */
function callKind(name: FunctionName, args: FormulaNode[], result: ValueKind | 'same'): ValueKind {
  if (result !== 'same') return result
  if (name === 'IF') return sharedKind(args.slice(1).map((arg) => arg.type))
  if (name === 'SWITCH') {
    const results = args.slice(2).filter((_, i) => i % 2 === 0)
    if (args.length % 2 === 0) results.push(args[args.length - 1]!)
    return sharedKind(results.map((arg) => arg.type))
  }
  if (name === 'MIN' || name === 'MAX') return args.some((arg) => arg.type === 'date') ? 'date' : 'number'
  return sharedKind(args.map((arg) => arg.type))
}

/** The column references of a checked formula, in the order they are written: each column's key and where `{` stands. */
export function columnReferencesOf(ast: FormulaNode): Array<{ key: string; at: number }> {
  switch (ast.node) {
    case 'column':
      return [{ key: ast.key, at: ast.at }]
    case 'literal':
      return []
    case 'unary':
      return columnReferencesOf(ast.operand)
    case 'binary':
      return [...columnReferencesOf(ast.left), ...columnReferencesOf(ast.right)]
    case 'call':
      return ast.args.flatMap(columnReferencesOf)
  }
}

/** The message of a formula's first problem, or null when it parses. */
export function formulaProblem(formula: string, columns: readonly FormulaColumn[], options: { self?: string } = {}): string | null {
  const parsed = parseFormula(formula, columns, options)
  return parsed.ok ? null : parsed.error.message
}
