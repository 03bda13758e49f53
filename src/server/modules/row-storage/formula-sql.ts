import { sql, type SQL } from 'drizzle-orm'
import { bucketLabels, COUNT_LIMIT, evaluateFormula, ROUND_PLACES_LIMIT } from '#common/formula/evaluate'
import { comparisonKind } from '#common/formula/parse'
import { NUMBER_FLOOR, NUMBER_LIMIT } from '#common/formula/values'
import type { FormulaNode, ValueKind } from '#common/schemas/formula'
import type { DateOrder } from '#common/schemas/uploads'
import { cellSql, KEEP_VALUES, type ViewColumn } from './view-sql.ts'

/**
 * The one compiler of formulas (issue 32): a checked formula becomes a SQL expression over a row
 * of `csv_rows` (its `data` and `row_index`), with every value a bound parameter and column keys
 * checked literals. It says in SQL what `#common/formula/evaluate` says in TypeScript, reading
 * numbers with `rowcraft_num` and dates with `rowcraft_date_key` in the column's day/month order,
 * comparing text with `rowcraft_fold`, as plans do; the tests run both over the same rows.
 *
 * Kinds in SQL: text is text, a number double precision, a date the integer yyyymmdd, yes/no boolean.
 * A value needed more than once is computed once in a one-row subquery (`bind`), so the SQL and
 * the work grow with the formula, not with the product of its nesting.
 */

type Compiled = { sql: SQL; isCheap: boolean }

/**
 * Where a compiler puts the values it computes once a row, instead of one-row subqueries: as
 * columns of selects stacked under the one that reads the formula (a plan's scan, `ScanFormulas`).
 * A one-row subquery costs PostgreSQL about 0.6 µs a row to run (60 ms over 100,000 rows, for
 * each value); a column of the select below costs next to nothing. Each value is named `<prefix><n>`
 * and may read the values added before it, so each goes in a select of its own, in order.
 */
export class FormulaLets {
  readonly values: Array<{ name: SQL; value: SQL }> = []

  constructor(private readonly prefix: string) {}

  add(value: SQL): SQL {
    const name = sql.raw(`${this.prefix}${this.values.length}`)
    this.values.push({ name, value })
    return name
  }
}

const WHITESPACE = ' \t\r\n'

/**
 * Unicode's simple case mapping whatever the database's locale (migration 0028, which
 * `rowcraft_fold` uses too): with the database's own, a database made with the C locale changed
 * the case of ASCII letters only.
 */
const CASE_RULES = sql.raw('public.rowcraft_case')

/**
 * `from` (a FROM item aliased `r` giving `row_index` and `data`) under selects that compute the
 * values of `lets`, one select each, in order (a value may read those before it): a FROM item
 * aliased `r` again, with every column of `from` and the values. With `when`, a value is computed
 * only on the rows where it holds (NULL elsewhere).
 */
export function withLetsSql(from: SQL, lets: FormulaLets, when?: SQL): SQL {
  return lets.values.reduce((inner, { name, value }) => sql`(SELECT r.*, ${when ? sql`CASE WHEN ${when} THEN ${value} END` : value} AS ${name}, ${KEEP_VALUES} FROM ${inner}) AS r`, from)
}

/** The expression of a formula's value as a formula column stores it: text, NULL when empty. */
export function formulaTextSql(ast: FormulaNode, columns: readonly Pick<ViewColumn, 'key' | 'dateOrder'>[]): SQL {
  const compiler = new FormulaCompiler(columns)
  return compiler.as(ast, 'text')
}

/**
 * The expression of a formula's value in its own kind (for conditions and sorting). With `lets`,
 * the values it computes once a row are columns the caller computes in the selects below (`FormulaLets`).
 */
export function formulaValueSql(ast: FormulaNode, columns: readonly Pick<ViewColumn, 'key' | 'dateOrder'>[], lets?: FormulaLets): SQL {
  return new FormulaCompiler(columns, lets).value(ast).sql
}

/**
 * `body` over a formula's value computed once for the row (a plan's condition on a formula reads
 * it several times: `between`, `in`, equals on text). `value` is in the formula's own kind, `text`
 * the same value written as text (as a formula column stores it).
 */
export function formulaOperandSql(ast: FormulaNode, columns: readonly Pick<ViewColumn, 'key' | 'dateOrder'>[], body: (v: { value: SQL; text: SQL }) => SQL): SQL {
  const compiler = new FormulaCompiler(columns)
  return compiler.bound(ast, body)
}

/**
 * An expression over a plan's measures (issue 44): the formula's value in its own kind, where a
 * reference `{Name}` reads the measure's figure already computed (`figureOf(key)`: a number as
 * double precision, a date as its yyyymmdd key), not a cell.
 */
export function formulaOverFiguresSql(ast: FormulaNode, figureOf: (key: string) => SQL): SQL {
  return new FormulaCompiler([], undefined, figureOf).value(ast).sql
}

/** A formula's value already computed once a row (a column of a plan's scan, in the formula's kind `kind`) written as text, as a formula column stores it. */
export function formulaValueTextSql(value: SQL, kind: ValueKind): SQL {
  return new FormulaCompiler([]).textOf({ sql: value, isCheap: true }, kind)
}

/**
 * Whether a cell the formula reads as a number or a date (a number or date column, or text where
 * one is needed) is filled with something that does not read as one: an aggregate counts such a
 * row as skipped when the formula is empty. `false` for a formula that reads neither.
 */
export function formulaUnreadableSql(ast: FormulaNode, columns: readonly Pick<ViewColumn, 'key' | 'dateOrder'>[]): SQL {
  const compiler = new FormulaCompiler(columns)
  compiler.value(ast)
  const checks = [...compiler.reads].map((read) => {
    const [kind, key] = read.split(':') as ['number' | 'date', string]
    // A number past the bounds reads as empty too; rowcraft_num once, no one-row subquery.
    if (kind === 'number') return sql`(btrim(${cellSql(key)}) <> '' AND NOT coalesce(abs(rowcraft_num(${cellSql(key)})) < ${NUMBER_LIMIT}::numeric, false))`
    const cell = { node: 'column', key, type: 'text', at: 0 } as const
    return sql`(btrim(${cellSql(key)}) <> '' AND ${new FormulaCompiler(columns).as(cell, 'date')} IS NULL)`
  })
  return checks.length === 0 ? sql`false` : sql`(${sql.join(checks, sql` OR `)})`
}

/**
 * A formula that is `ITEMS(list, separator?)` as a set of rows, one per item (column `item`), each
 * item once however often the list repeats it (compared as plans compare text): the `FROM` of a
 * lateral join that groups by items. Null when the formula is not an ITEMS call.
 */
export function formulaItemsTableSql(ast: FormulaNode, columns: readonly Pick<ViewColumn, 'key' | 'dateOrder'>[]): SQL | null {
  if (ast.node !== 'call' || ast.name !== 'ITEMS') return null
  return new FormulaCompiler(columns).itemsTable(ast)
}

/** Whether a part of a formula has the same value on every row, on every day. */
function isConstant(node: FormulaNode): boolean {
  if (node.node === 'literal') return true
  if (node.node === 'column') return false
  if (node.node === 'unary') return isConstant(node.operand)
  if (node.node === 'binary') return isConstant(node.left) && isConstant(node.right)
  return node.name !== 'ROW' && node.name !== 'TODAY' && node.args.every(isConstant)
}

/** The SQL of a whole number the checker guarantees is written out (BUCKET's bounds): its value, as the evaluator reads it. */
const constantNumber = (node: FormulaNode) => evaluateFormula(node, { cells: {}, rowNumber: 1 }, { today: 0 }) as number

class FormulaCompiler {
  private aliases = 0
  /** The cells read as numbers or dates, as `number:<key>` and `date:<key>` (see formulaUnreadableSql). */
  readonly reads = new Set<string>()
  private readonly orders: ReadonlyMap<string, DateOrder | null>

  constructor(
    columns: readonly Pick<ViewColumn, 'key' | 'dateOrder'>[],
    private readonly lets?: FormulaLets,
    /** Where a reference reads a figure, in its kind, instead of a cell (`formulaOverFiguresSql`). */
    private readonly figureOf?: (key: string) => SQL,
  ) {
    this.orders = new Map(columns.map((column) => [column.key, column.dateOrder ?? null]))
  }

  /**
   * `body` over a value computed once: inline when reading it again is cheap, else a column of a
   * select below (`lets`) or a one-row subquery. A value is computed whatever the branch that
   * reads it: every compiled expression is defined on every row (no cast or division can fail).
   */
  private bind(value: Compiled, body: (v: SQL) => SQL): SQL {
    if (value.isCheap) return body(value.sql)
    if (this.lets) return body(this.lets.add(value.sql))
    const alias = sql.raw(`f${this.aliases++}`)
    // OFFSET 0 keeps PostgreSQL from pulling the subquery up, which would put the value's
    // expression back at every reference (a date read six times took 32 s on 200,000 rows, 5.5 s once).
    return sql`(SELECT ${body(sql`${alias}.v`)} FROM (SELECT ${value.sql} AS v OFFSET 0) AS ${alias})`
  }

  /** A number as a whole number within [low, high] (SQL's integer arguments); empty stays empty (greatest() would skip it). */
  private whole(node: FormulaNode, low: number, high: number): SQL {
    if (node.type === 'number' && isConstant(node)) {
      // SPLIT's -1, LEFT's 3: worked out here, not in a one-row subquery on every row.
      const value = evaluateFormula(node, { cells: {}, rowNumber: 1 }, { today: 0 }) as number | null
      return value === null ? sql`NULL::integer` : sql`${Math.min(Math.max(Math.trunc(value), low), high)}::integer`
    }
    const value = { sql: this.as(node, 'number'), isCheap: node.node === 'literal' }
    return this.bind(value, (v) => sql`(CASE WHEN ${v} IS NOT NULL THEN least(greatest(trunc(${v}), ${low}::float8), ${high}::float8)::integer END)`)
  }

  private orderOf(node: FormulaNode): DateOrder | null {
    return node.node === 'column' ? (this.orders.get(node.key) ?? null) : null
  }

  as(node: FormulaNode, kind: ValueKind): SQL {
    if (node.node === 'column' && node.type === 'text' && (kind === 'number' || kind === 'date')) this.reads.add(`${kind}:${node.key}`)
    return this.convert(this.value(node), node.type, kind, this.orderOf(node))
  }

  /** `body` over the formula's value, computed once (its own kind, and as text). */
  bound(node: FormulaNode, body: (v: { value: SQL; text: SQL }) => SQL): SQL {
    const value = this.value(node)
    const alias = sql.raw(`p${this.aliases++}`)
    const v = sql`${alias}.v`
    const text = node.type === 'text' ? v : this.convert({ sql: v, isCheap: true }, node.type, 'text', null)
    return sql`(SELECT ${body({ value: v, text })} FROM (SELECT ${value.sql} AS v OFFSET 0) AS ${alias})`
  }

  /** A value of kind `kind` written as text. */
  textOf(value: Compiled, kind: ValueKind): SQL {
    return this.convert(value, kind, 'text', null)
  }

  /** A value of kind `from` as kind `to`: text reads as a number, date or yes/no; anything writes as text. */
  private convert(value: Compiled, from: ValueKind, to: ValueKind, order: DateOrder | null): SQL {
    if (from === to) return value.sql
    if (to === 'text') {
      if (from === 'number') return sql`trim_scale(${value.sql}::numeric)::text`
      if (from === 'boolean') return sql`${value.sql}::text`
      return this.bind(value, (k) => sql`(lpad((${k} / 10000)::text, 4, '0') || '-' || lpad((${k} / 100 % 100)::text, 2, '0') || '-' || lpad((${k} % 100)::text, 2, '0'))`)
    }
    if (from !== 'text') throw new Error(`No conversion from ${from} to ${to}`)
    if (to === 'number') return this.numberOf(value)
    if (to === 'date') {
      const dayFirst = order === 'dmy' ? sql`true` : order === 'mdy' ? sql`false` : sql`NULL::boolean`
      return this.calendarDay({ sql: sql`rowcraft_date_key(${value.sql}, ${dayFirst})`, isCheap: false })
    }
    return sql`(CASE rowcraft_fold(${value.sql}) WHEN 'true' THEN true WHEN 'yes' THEN true WHEN 'false' THEN false WHEN 'no' THEN false END)`
  }

  /** Text read as a number (`rowcraft_num`), within the bounds every number lives in. */
  private numberOf(text: Compiled): SQL {
    return this.bind({ sql: sql`rowcraft_num(${text.sql})`, isCheap: false }, (n) => sql`(CASE WHEN abs(${n}) < ${NUMBER_LIMIT}::numeric THEN CASE WHEN abs(${n}) < ${NUMBER_FLOOR}::numeric THEN 0::float8 ELSE ${n}::float8 END END)`)
  }

  /** An arithmetic result within the bounds: too large is empty, too small is 0. */
  private bounded(value: SQL): SQL {
    return this.bind({ sql: value, isCheap: false }, (r) => sql`(CASE WHEN abs(${r}) >= ${NUMBER_LIMIT}::float8 THEN NULL WHEN abs(${r}) < ${NUMBER_FLOOR}::float8 THEN 0::float8 ELSE ${r} END)`)
  }

  /** A yyyymmdd key kept only when the calendar has that day. */
  private calendarDay(key: Compiled): SQL {
    return this.bind(key, (k) => {
      const year = sql`(${k} / 10000)`
      const month = sql`(${k} / 100 % 100)`
      const day = sql`(${k} % 100)`
      const isLeap = sql`((${year} % 4 = 0 AND ${year} % 100 <> 0) OR ${year} % 400 = 0)`
      const monthDays = sql`(CASE WHEN ${month} = 2 THEN CASE WHEN ${isLeap} THEN 29 ELSE 28 END WHEN ${month} IN (4, 6, 9, 11) THEN 30 ELSE 31 END)`
      return sql`(CASE WHEN ${year} >= 1 AND ${month} BETWEEN 1 AND 12 AND ${day} >= 1 AND ${day} <= ${monthDays} THEN ${k} END)`
    })
  }

  value(node: FormulaNode): Compiled {
    if (node.node !== 'literal' && isConstant(node)) return this.constant(node)
    switch (node.node) {
      case 'literal':
        if (node.type === 'text') return { sql: sql`NULLIF(${node.value as string}::text, '')`, isCheap: true }
        if (node.type === 'boolean') return { sql: node.value ? sql`true` : sql`false`, isCheap: true }
        return { sql: sql`${constantNumber(node)}::float8`, isCheap: true }
      case 'column': {
        if (this.figureOf) return { sql: this.figureOf(node.key), isCheap: true }
        const text = { sql: sql`NULLIF(btrim(${cellSql(node.key)}), '')`, isCheap: true }
        if (node.type === 'text') return text
        if (node.type === 'number' || node.type === 'date') this.reads.add(`${node.type}:${node.key}`)
        return { sql: this.convert(text, 'text', node.type, this.orderOf(node)), isCheap: false }
      }
      case 'unary':
        return { sql: sql`(0::float8 - ${this.as(node.operand, 'number')})`, isCheap: false }
      case 'binary':
        return { sql: this.binary(node), isCheap: false }
      case 'call':
        return { sql: this.call(node), isCheap: false }
    }
  }

  private binary(node: Extract<FormulaNode, { node: 'binary' }>): SQL {
    const { op, left, right } = node
    if (op === '&') return sql`NULLIF(concat(${this.as(left, 'text')}, ${this.as(right, 'text')}), '')`
    if (op === '/') return this.bounded(sql`(${this.as(left, 'number')} / NULLIF(${this.as(right, 'number')}, 0::float8))`)
    if (op === '+' || op === '-' || op === '*') return this.bounded(sql`(${this.as(left, 'number')} ${sql.raw(op)} ${this.as(right, 'number')})`)
    return this.comparison(left, right, op)
  }

  private comparison(left: FormulaNode, right: FormulaNode, op: string, leftValue?: Compiled): SQL {
    const kind = comparisonKind(left.type, right.type)!
    const a = leftValue ? this.convert(leftValue, left.type, kind, this.orderOf(left)) : this.as(left, kind)
    const b = this.as(right, kind)
    const operator = sql.raw(op)
    if (kind === 'text') return sql`((rowcraft_fold(${a}) COLLATE "C") ${operator} (rowcraft_fold(${b}) COLLATE "C"))`
    return sql`(${a} ${operator} ${b})`
  }

  private isEmpty(kind: ValueKind, value: SQL): SQL {
    return kind === 'text' ? sql`(coalesce(btrim(${value}), '') = '')` : sql`(${value} IS NULL)`
  }

  private call(node: Extract<FormulaNode, { node: 'call' }>): SQL {
    const { args, type } = node
    const [a, b, c] = args
    const text = (arg: FormulaNode) => this.as(arg, 'text')
    const number = (arg: FormulaNode) => this.as(arg, 'number')
    const date = (arg: FormulaNode) => this.as(arg, 'date')
    switch (node.name) {
      case 'IF':
        return sql`(CASE WHEN ${this.as(a!, 'boolean')} THEN ${this.as(b!, type)} ELSE ${c ? this.as(c, type) : this.typedNull(type)} END)`
      case 'SWITCH': {
        const hasDefault = args.length % 2 === 0
        const pairs = args.length - 1 - (hasDefault ? 1 : 0)
        return this.bind(this.value(a!), (v) => {
          const bound = { sql: v, isCheap: true }
          const whens: SQL[] = []
          for (let i = 1; i < pairs; i += 2) whens.push(sql`WHEN ${this.comparison(a!, args[i]!, '=', bound)} THEN ${this.as(args[i + 1]!, type)}`)
          const otherwise = hasDefault ? this.as(args[args.length - 1]!, type) : this.typedNull(type)
          return sql`(CASE ${sql.join(whens, sql` `)} ELSE ${otherwise} END)`
        })
      }
      case 'AND':
      case 'OR':
        return sql`(${sql.join(args.map((arg) => this.as(arg, 'boolean')), sql.raw(` ${node.name} `))})`
      case 'NOT':
        return sql`(NOT ${this.as(a!, 'boolean')})`
      case 'IS_EMPTY':
        return this.isEmpty(a!.type, this.value(a!).sql)
      case 'FIRST_NON_EMPTY':
        return this.firstNonEmpty(args, type)
      case 'LOWER':
        return sql`lower(${text(a!)} COLLATE ${CASE_RULES})`
      case 'UPPER':
        return sql`upper(${text(a!)} COLLATE ${CASE_RULES})`
      case 'TRIM':
        return sql`NULLIF(btrim(${text(a!)}), '')`
      case 'LEN':
        return sql`char_length(${text(a!)})::float8`
      case 'LEFT':
      case 'RIGHT':
        return sql`NULLIF(${sql.raw(node.name.toLowerCase())}(${text(a!)}, ${this.whole(b!, 0, COUNT_LIMIT)}), '')`
      case 'MID':
        return sql`NULLIF(substr(${text(a!)}, ${this.whole(b!, 1, COUNT_LIMIT)}, ${this.whole(c!, 0, COUNT_LIMIT)}), '')`
      case 'REPLACE':
        return sql`NULLIF(replace(${text(a!)}, coalesce(${text(b!)}, ''), coalesce(${text(c!)}, '')), '')`
      case 'CONCAT':
        return sql`NULLIF(concat(${sql.join(args.map(text), sql`, `)}), '')`
      case 'CONTAINS':
        return sql`(strpos(rowcraft_fold(${text(a!)}), rowcraft_fold(${text(b!)})) > 0)`
      case 'STARTS_WITH':
        return sql`starts_with(rowcraft_fold(${text(a!)}), rowcraft_fold(${text(b!)}))`
      case 'ENDS_WITH':
        return sql`starts_with(reverse(rowcraft_fold(${text(a!)})), reverse(rowcraft_fold(${text(b!)})))`
      case 'EXACT':
        // Byte for byte: whatever collation an argument carries (LOWER's), case and accents count.
        return sql`((coalesce(${text(a!)}, '') COLLATE "C") = (coalesce(${text(b!)}, '') COLLATE "C"))`
      case 'SPLIT':
        return this.bind({ sql: this.whole(c!, -COUNT_LIMIT, COUNT_LIMIT), isCheap: c!.type === 'number' && isConstant(c!) }, (n) =>
          sql`(CASE WHEN ${n} <> 0 THEN NULLIF(btrim(split_part(${text(a!)}, coalesce(${text(b!)}, ''), ${n})), '') END)`,
        )
      case 'DOMAIN':
        return this.domain({ sql: text(a!), isCheap: a!.node === 'column' && a!.type === 'text' })
      case 'ITEMS':
        return this.items({ sql: text(a!), isCheap: false }, b ? text(b) : sql`NULL::text`)
      case 'NUMBER':
        return number(a!)
      case 'ROUND':
        return this.bounded(sql`round(${number(a!)}::numeric, ${b ? this.whole(b, -ROUND_PLACES_LIMIT, ROUND_PLACES_LIMIT) : sql`0`})::float8`)
      case 'ABS':
        return sql`abs(${number(a!)})`
      case 'MIN':
      case 'MAX':
        return sql`${sql.raw(node.name === 'MIN' ? 'least' : 'greatest')}(${sql.join(args.map((arg) => this.as(arg, type)), sql`, `)})`
      case 'DATE':
        return date(a!)
      case 'YEAR':
        return sql`(${date(a!)} / 10000)::float8`
      case 'MONTH':
        return sql`(${date(a!)} / 100 % 100)::float8`
      case 'DAY':
        return sql`(${date(a!)} % 100)::float8`
      case 'DAYS_BETWEEN':
        return sql`(${this.calendarDate(date(b!))} - ${this.calendarDate(date(a!))})::float8`
      case 'TODAY':
        return sql`to_char(now() AT TIME ZONE 'UTC', 'YYYYMMDD')::integer`
      case 'BUCKET': {
        const bounds = args.slice(1).map(constantNumber)
        const labels = bucketLabels(bounds)
        return this.bind({ sql: number(a!), isCheap: false }, (v) => {
          const whens = bounds.map((bound, i) => sql`WHEN ${v} < ${bound}::float8 THEN ${labels[i]!}::text`)
          return sql`(CASE WHEN ${v} IS NULL THEN NULL::text ${sql.join(whens, sql` `)} ELSE ${labels[bounds.length]!}::text END)`
        })
      }
      case 'ROW':
        return sql`(row_index + 1)::float8`
    }
  }

  /**
   * A part that reads no cell, no row number and no date of today (`-1`, `10 * 1000`,
   * `LOWER("Acme")`) worked out once by the reference evaluator, the SQL's own judge: the
   * database then reads a constant instead of computing it again for every row.
   */
  private constant(node: FormulaNode): Compiled {
    const value = evaluateFormula(node, { cells: {}, rowNumber: 1 }, { today: 0 })
    if (value === null) return { sql: this.typedNull(node.type), isCheap: true }
    if (node.type === 'text') return { sql: sql`NULLIF(${value as string}::text, '')`, isCheap: true }
    if (node.type === 'boolean') return { sql: value ? sql`true` : sql`false`, isCheap: true }
    if (node.type === 'date') return { sql: sql`${value as number}::integer`, isCheap: true }
    return { sql: sql`${value as number}::float8`, isCheap: true }
  }

  private typedNull(kind: ValueKind): SQL {
    return sql.raw(`NULL::${kind === 'number' ? 'float8' : kind === 'date' ? 'integer' : kind}`)
  }

  /** A yyyymmdd key as a PostgreSQL date (the key is a calendar day). */
  private calendarDate(key: SQL): SQL {
    return this.bind({ sql: key, isCheap: false }, (k) => sql`make_date(${k} / 10000, ${k} / 100 % 100, ${k} % 100)`)
  }

  private firstNonEmpty(args: FormulaNode[], type: ValueKind): SQL {
    const [first, ...rest] = args
    if (!first) return this.typedNull(type)
    return this.bind(this.value(first), (v) => {
      const chosen = this.convert({ sql: v, isCheap: true }, first.type, type, this.orderOf(first))
      return sql`(CASE WHEN NOT ${this.isEmpty(first.type, v)} THEN ${chosen} ELSE ${this.firstNonEmpty(rest, type)} END)`
    })
  }

  /** The host of an e-mail address or URL, ASCII lower case, without `www.` (`domainOf` in TypeScript). */
  private domain(text: Compiled): SQL {
    return this.bind(text, (t) => {
      // After the last '@': what regexp_replace(t, '^.*@', '') leaves, without a regular expression
      // (split_part's -1, about 40 ms less over 100,000 e-mails than reversing the text twice).
      const rest = sql`(CASE WHEN strpos(${t}, '@') > 0 THEN split_part(${t}, '@', -1) ELSE regexp_replace(${t}, ${'^[A-Za-z][A-Za-z0-9+.-]*://'}::text, '') END)`
      const host = sql`regexp_replace(lower(substring(${rest} from ${'^[^/?#: \t\r\n>]*'}::text) COLLATE "C"), ${'^www\\.'}::text, '')`
      return this.bind({ sql: host, isCheap: false }, (h) => sql`(CASE WHEN ${h} ~ ${'^[a-z0-9-]+(\\.[a-z0-9-]+)+$'}::text THEN ${h} END)`)
    })
  }

  /** A list cell's items joined with ", " (`listItems` in TypeScript). */
  private items(text: Compiled, separator: SQL): SQL {
    return this.bind(text, (t) =>
      this.bind({ sql: sql`coalesce(${separator}, '')`, isCheap: false }, (s) => sql`(SELECT string_agg(y.item, ', ' ORDER BY y.n) FROM (${this.itemRows(t, s)}) AS y WHERE y.item <> '')`),
    )
  }

  /** The items of list text `t` split at separator `s` ('' for `,` and `;`), with their positions (`item`, `n`), empty ones included. */
  private itemRows(t: SQL, s: SQL): SQL {
    const inner = sql`regexp_replace(btrim(${t}, ${WHITESPACE}::text), ${'^\\[(.*)\\]$'}::text, '\\1')`
    const parts = sql`string_to_table(CASE WHEN ${s} = '' THEN translate(${inner}, ';', ',') ELSE ${inner} END, CASE WHEN ${s} = '' THEN ',' ELSE ${s} END)`
    const item = sql`btrim(regexp_replace(btrim(x.part, ${WHITESPACE}::text), ${'^(["\'])(.*)\\1$'}::text, '\\2'), ${WHITESPACE}::text)`
    return sql`SELECT ${item} AS item, x.n FROM ${parts} WITH ORDINALITY AS x(part, n)`
  }

  /** An ITEMS call's items as rows (`item`), each folded item once, first as written. */
  itemsTable(node: Extract<FormulaNode, { node: 'call' }>): SQL {
    const [list, separator] = node.args
    const alias = sql.raw(`l${this.aliases++}`)
    const rows = this.itemRows(sql`${alias}.t`, sql`${alias}.s`)
    return sql`SELECT DISTINCT ON (rowcraft_fold(y.item)) y.item FROM (SELECT ${this.as(list!, 'text')} AS t, coalesce(${separator ? this.as(separator, 'text') : sql`NULL::text`}, '') AS s OFFSET 0) AS ${alias}, LATERAL (${rows}) AS y WHERE y.item <> '' ORDER BY rowcraft_fold(y.item), y.n`
  }
}
