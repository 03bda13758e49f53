import type { FormulaNode, ValueKind } from '#common/schemas/formula'
import type { DateOrder } from '#common/schemas/uploads'
import { comparisonKind } from './parse.ts'
import {
  boundNumber,
  calendarDay,
  dateText,
  dayNumber,
  fold,
  lowerText,
  numberText,
  readBoolean,
  readCell,
  readDate,
  readNumber,
  roundNumber,
  textValue,
  trimSpaces,
  upperText,
  type Value,
} from './values.ts'

/**
 * The reference evaluator: a checked formula over one row, in TypeScript. Row storage's SQL
 * (`row-storage/formula-sql.ts`) must give the same value for every row; the tests hold them to it.
 */

export type EvaluationRow = {
  /** The row's cells by column key, as stored. */
  cells: Readonly<Record<string, string | null | undefined>>
  /** The row's number in file order, from 1. */
  rowNumber: number
}

export type EvaluationContext = {
  /** Date columns' day/month order, by key. */
  dateOrders?: ReadonlyMap<string, DateOrder | null>
  /** Today as yyyymmdd (UTC). */
  today: number
}

/** Limits on counts and positions, so SQL's integer arguments never overflow. */
export const COUNT_LIMIT = 1_000_000
export const ROUND_PLACES_LIMIT = 200

export const clampWhole = (value: number, low: number, high: number) => Math.min(Math.max(Math.trunc(value), low), high)

const ITEM_TRIM = /^[ \t\r\n]+|[ \t\r\n]+$/g
const trimItem = (text: string) => text.replace(ITEM_TRIM, '')

/** A list cell's items: brackets and quotes stripped, split at `,` and `;` (or the separator), joined with ", ". */
export function listItems(text: string, separator: string | null): string | null {
  const inner = trimItem(text).replace(/^\[([\s\S]*)\]$/, '$1')
  const parts = separator === null || separator === '' ? inner.replaceAll(';', ',').split(',') : inner.split(separator)
  const items = parts.map((part) => trimItem(trimItem(part).replace(/^(["'])([\s\S]*)\1$/, '$2'))).filter((item) => item !== '')
  return textValue(items.join(', '))
}

const HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/

/** The host of an e-mail address or URL, ASCII lower case, without `www.`; empty when it is not a host name. */
export function domainOf(text: string): string | null {
  const rest = text.includes('@') ? text.replace(/^[\s\S]*@/, '') : text.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\//, '')
  const host = /^[^/?#: \t\r\n>]*/
    .exec(rest)![0]
    .replace(/[A-Z]/g, (letter) => letter.toLowerCase())
    .replace(/^www\./, '')
  return HOST.test(host) ? host : null
}

/** The labels of BUCKET's ranges: `< b1`, `b1-b2`, ..., `>= bn`. */
export function bucketLabels(bounds: readonly number[]): string[] {
  const texts = bounds.map(numberText)
  return [`< ${texts[0]}`, ...texts.slice(1).map((text, i) => `${texts[i]}-${text}`), `>= ${texts[texts.length - 1]}`]
}

/** Code point order (PostgreSQL's "C" collation on UTF-8). */
function compareText(a: string, b: string): number {
  const left = [...a]
  const right = [...b]
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const difference = left[i]!.codePointAt(0)! - right[i]!.codePointAt(0)!
    if (difference !== 0) return difference
  }
  return left.length - right.length
}

/** A value as text, as a formula column stores it. */
export function valueText(kind: ValueKind, value: Value): string | null {
  if (value === null) return null
  if (kind === 'number') return numberText(value as number)
  if (kind === 'date') return dateText(value as number)
  if (kind === 'boolean') return value ? 'true' : 'false'
  return value as string
}

export function evaluateFormula(ast: FormulaNode, row: EvaluationRow, context: EvaluationContext): Value {
  return new Evaluator(row, context).value(ast)
}

/** The formula's value as a formula column stores it (text, or null when empty). */
export function evaluateFormulaText(ast: FormulaNode, row: EvaluationRow, context: EvaluationContext): string | null {
  return valueText(ast.type, evaluateFormula(ast, row, context))
}

class Evaluator {
  constructor(
    private readonly row: EvaluationRow,
    private readonly context: EvaluationContext,
  ) {}

  private orderOf(node: FormulaNode): DateOrder | null {
    return node.node === 'column' ? (this.context.dateOrders?.get(node.key) ?? null) : null
  }

  /** A node's value as the kind asked for: text reads as a number, date or yes/no; anything writes as text. */
  as(node: FormulaNode, kind: ValueKind): Value {
    const value = this.value(node)
    if (node.type === kind || value === null) return value
    if (kind === 'text') return valueText(node.type, value)
    if (node.type !== 'text') throw new Error(`No conversion from ${node.type} to ${kind}`)
    if (kind === 'number') return readNumber(value as string)
    if (kind === 'date') return readDate(value as string, this.orderOf(node))
    return readBoolean(value as string)
  }

  private text = (node: FormulaNode) => this.as(node, 'text') as string | null
  private number = (node: FormulaNode) => this.as(node, 'number') as number | null
  private date = (node: FormulaNode) => this.as(node, 'date') as number | null
  private bool = (node: FormulaNode) => this.as(node, 'boolean') as boolean | null

  value(node: FormulaNode): Value {
    switch (node.node) {
      case 'literal':
        if (node.type === 'number') return boundNumber(node.value as number)
        return node.type === 'text' ? textValue(node.value as string) : node.value
      case 'column':
        return this.column(node.key, node.type)
      case 'unary': {
        const operand = this.number(node.operand)
        return operand === null ? null : boundNumber(-operand)
      }
      case 'binary':
        return this.binary(node)
      case 'call':
        return this.call(node)
    }
  }

  private column(key: string, type: ValueKind): Value {
    const text = readCell(this.row.cells[key])
    if (type === 'number') return readNumber(text)
    if (type === 'date') return readDate(text, this.context.dateOrders?.get(key) ?? null)
    if (type === 'boolean') return readBoolean(text)
    return text
  }

  private binary(node: Extract<FormulaNode, { node: 'binary' }>): Value {
    const { op, left, right } = node
    if (op === '&') return textValue((this.text(left) ?? '') + (this.text(right) ?? ''))
    if (op === '+' || op === '-' || op === '*' || op === '/') {
      const a = this.number(left)
      const b = this.number(right)
      if (a === null || b === null) return null
      if (op === '/') return b === 0 ? null : boundNumber(a / b)
      return boundNumber(op === '+' ? a + b : op === '-' ? a - b : a * b)
    }
    const order = this.compare(left, right)
    if (order === null) return null
    if (op === '=') return order === 0
    if (op === '<>') return order !== 0
    if (op === '<') return order < 0
    if (op === '>') return order > 0
    if (op === '<=') return order <= 0
    return order >= 0
  }

  /** Negative, zero or positive as left is below, equal to or above right; null when one is empty. */
  private compare(left: FormulaNode, right: FormulaNode): number | null {
    const kind = comparisonKind(left.type, right.type)!
    const a = this.as(left, kind)
    const b = this.as(right, kind)
    if (a === null || b === null) return null
    if (kind === 'text') return compareText(fold(a as string), fold(b as string))
    return Number(a) - Number(b)
  }

  private isEmpty(node: FormulaNode): boolean {
    const value = this.value(node)
    return value === null || (typeof value === 'string' && trimSpaces(value) === '')
  }

  private call(node: Extract<FormulaNode, { node: 'call' }>): Value {
    const { args, type } = node
    const [a, b, c] = args
    switch (node.name) {
      case 'IF':
        return this.bool(a!) === true ? this.as(b!, type) : c ? this.as(c, type) : null
      case 'SWITCH': {
        const hasDefault = args.length % 2 === 0
        const pairs = args.length - 1 - (hasDefault ? 1 : 0)
        for (let i = 1; i < pairs; i += 2) {
          if (this.compare(a!, args[i]!) === 0) return this.as(args[i + 1]!, type)
        }
        return hasDefault ? this.as(args[args.length - 1]!, type) : null
      }
      case 'AND': {
        const values = args.map(this.bool)
        if (values.includes(false)) return false
        return values.includes(null) ? null : true
      }
      case 'OR': {
        const values = args.map(this.bool)
        if (values.includes(true)) return true
        return values.includes(null) ? null : false
      }
      case 'NOT': {
        const value = this.bool(a!)
        return value === null ? null : !value
      }
      case 'IS_EMPTY':
        return this.isEmpty(a!)
      case 'FIRST_NON_EMPTY': {
        const found = args.find((arg) => !this.isEmpty(arg))
        return found ? this.as(found, type) : null
      }
      case 'LOWER':
        return this.mapText(a!, lowerText)
      case 'UPPER':
        return this.mapText(a!, upperText)
      case 'TRIM':
        return this.mapText(a!, trimSpaces)
      case 'LEN': {
        const text = this.text(a!)
        return text === null ? null : [...text].length
      }
      case 'LEFT':
      case 'RIGHT': {
        const text = this.text(a!)
        const count = this.number(b!)
        if (text === null || count === null) return null
        const letters = [...text]
        const n = clampWhole(count, 0, COUNT_LIMIT)
        return textValue((node.name === 'LEFT' ? letters.slice(0, n) : n === 0 ? [] : letters.slice(-n)).join(''))
      }
      case 'MID': {
        const text = this.text(a!)
        const start = this.number(b!)
        const count = this.number(c!)
        if (text === null || start === null || count === null) return null
        const from = clampWhole(start, 1, COUNT_LIMIT) - 1
        return textValue([...text].slice(from, from + clampWhole(count, 0, COUNT_LIMIT)).join(''))
      }
      case 'REPLACE': {
        const text = this.text(a!)
        if (text === null) return null
        const search = this.text(b!)
        return search === null ? text : textValue(text.split(search).join(this.text(c!) ?? ''))
      }
      case 'CONCAT':
        return textValue(args.map((arg) => this.text(arg) ?? '').join(''))
      case 'CONTAINS':
      case 'STARTS_WITH':
      case 'ENDS_WITH': {
        const text = this.text(a!)
        const part = this.text(b!)
        if (text === null || part === null) return null
        const [whole, piece] = [fold(text), fold(part)]
        if (node.name === 'CONTAINS') return whole.includes(piece)
        return node.name === 'STARTS_WITH' ? whole.startsWith(piece) : whole.endsWith(piece)
      }
      case 'EXACT':
        return (this.text(a!) ?? '') === (this.text(b!) ?? '')
      case 'SPLIT': {
        const text = this.text(a!)
        const n = this.number(c!)
        if (text === null || n === null) return null
        const index = clampWhole(n, -COUNT_LIMIT, COUNT_LIMIT)
        if (index === 0) return null
        const separator = this.text(b!) ?? ''
        const parts = separator === '' ? [text] : text.split(separator)
        const part = index > 0 ? parts[index - 1] : parts[parts.length + index]
        return part === undefined ? null : textValue(trimSpaces(part))
      }
      case 'DOMAIN': {
        const text = this.text(a!)
        return text === null ? null : domainOf(text)
      }
      case 'ITEMS': {
        const text = this.text(a!)
        return text === null ? null : listItems(text, b ? this.text(b) : null)
      }
      case 'NUMBER':
        return this.number(a!)
      case 'ROUND': {
        const value = this.number(a!)
        const places = b ? this.number(b) : 0
        if (value === null || places === null) return null
        return boundNumber(roundNumber(value, clampWhole(places, -ROUND_PLACES_LIMIT, ROUND_PLACES_LIMIT)))
      }
      case 'ABS': {
        const value = this.number(a!)
        return value === null ? null : Math.abs(value)
      }
      case 'MIN':
      case 'MAX': {
        const values = args.map((arg) => this.as(arg, type) as number | null).filter((value): value is number => value !== null)
        if (values.length === 0) return null
        return node.name === 'MIN' ? Math.min(...values) : Math.max(...values)
      }
      case 'DATE':
        return this.date(a!)
      case 'YEAR':
      case 'MONTH':
      case 'DAY': {
        const key = this.date(a!)
        if (key === null) return null
        if (node.name === 'YEAR') return Math.trunc(key / 10000)
        return node.name === 'MONTH' ? Math.trunc(key / 100) % 100 : key % 100
      }
      case 'DAYS_BETWEEN': {
        const from = this.date(a!)
        const to = this.date(b!)
        return from === null || to === null ? null : dayNumber(to) - dayNumber(from)
      }
      case 'TODAY':
        return calendarDay(this.context.today)
      case 'BUCKET': {
        const value = this.number(a!)
        if (value === null) return null
        const bounds = args.slice(1).map((arg) => this.number(arg)!)
        const labels = bucketLabels(bounds)
        const index = bounds.findIndex((bound) => value < bound)
        return labels[index === -1 ? bounds.length : index]!
      }
      case 'ROW':
        return this.row.rowNumber
    }
  }

  private mapText(node: FormulaNode, change: (text: string) => string): Value {
    const text = this.text(node)
    return text === null ? null : textValue(change(text))
  }
}
