import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evaluateFormulaText } from '#common/formula/evaluate'
import { parseFormula, type FormulaColumn } from '#common/formula/parse'
import { todayKey } from '#common/formula/values'
import { binaryOperatorSchema, functionNameSchema, type FormulaNode } from '#common/schemas/formula'
import { createTestApp, type TestApp } from '#server/test/test-app'
import { csvOf, importCsv } from '#server/test/upload-helpers'
import { sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { FormulaLets, formulaValueSql, formulaValueTextSql, withLetsSql } from './formula-sql.ts'
import { firstRowValues, readFormulaValues, readRows, rowsFrom, storedColumnsOf } from './row-reader.ts'
import type { ViewColumn } from './view-sql.ts'

/**
 * Issue 32: every function and operator of the formula language, compiled to SQL and run by the
 * database over a file of awkward values, gives for every row what the reference evaluator gives.
 */

/** Value lists of different lengths, so the rows meet them in many combinations. */
const values = {
  Name: ['Ébène', '  spaced out  ', '', 'ACME Corp', 'josé', "O'Brien", 'a,b', 'Zoë Ångström', 'acme corp', 'eve', 'mañana', ' ', 'Z', 'İstanbul', 'ΑΘΗΝΑ σοφία', 'Straße', 'ЖУК', 'ᾳδω ǅ'],
  Mixed: ['1,200', '$40', '12%', '', 'abc', '0', '-3.5', '1e6', ' 7 ', 'yes', '2024-03-05', '04/07/2024', '2.5', '-0', '100'],
  Amount: ['1,200', '$40', '12%', '-3.5', '1e6', '0', '', '7', '1,234,567.89', '0.1', '9e99', '1e-99', '€7', '1.005'],
  Signup: ['04/07/2024', '25/12/2024', '2024-03-05', '', '29/02/2024', '01/01/1999', '31/12/2023', '15.03.2024', '2024-02-29', '7/8/24'],
  'US date': ['12/25/2024', '04/07/2024', '', '2024-01-01', '02/29/2024', '1/2/2023', '10/31/2024'],
  Email: ['jane@WWW.Acme.com', 'x@y@Two.Ats.io', 'Bob <bob@mail.example.co.uk>', '', 'no-at-sign', 'x@y', 'Ana@Exämple.com', 'first.last@sub.domain.io'],
  Website: ['https://www.Example.org/path?q=1', 'http://sub.domain.co.uk:8080/x', 'acme.com', 'www.acme.com', '', 'not a url', 'HTTPS://WWW.SHOP.IO#top', 'ftp://files.example.net'],
  Tags: ['[Spain, Portugal]', 'SaaS; Fintech', '["a", \'b\']', '[]', '', 'single', ' x , , y ', '[ "New York" ; Paris ]', 'a;b,c'],
  Active: ['yes', 'no', 'TRUE', 'false', '', 'Yes', 'NO'],
  'Raw date': ['2024-02-30', '31/04/2024', '0000-01-01', '2024-12-31', '12/31/2024', '', 'soon', '2023-02-29', '03.04.2025'],
}

const ROWS = 150
const header = Object.keys(values)
const rows = Array.from({ length: ROWS }, (_, i) => Object.values(values).map((list, j) => list[(i * (j + 1) + j) % list.length]!))

/** Formulas that, between them, use every function and operator, on every column. */
const formulas = [
  // text
  'LOWER({Name})',
  'UPPER({Name})',
  'TRIM("  " & {Name} & " ")',
  'LEN({Name})',
  'LEFT({Name}, 3)',
  'RIGHT({Name}, 2)',
  'LEFT({Name}, {Mixed})',
  'RIGHT({Email}, {Amount})',
  'MID({Name}, 2, 3)',
  // Constant counts, worked out before the query: a fraction, below and past the bounds, empty.
  'LEFT({Name}, 2.9)',
  'RIGHT({Name}, -2) & {Name}',
  'MID({Name}, 0 - 3, 99999999999)',
  'CONCAT(SPLIT({Name}, " ", 10 / 0), {Name})',
  'MID({Name}, {Mixed}, 2)',
  'REPLACE({Name}, "e", "E")',
  'REPLACE({Tags}, ",", "")',
  'REPLACE({Name}, {Mixed}, "#")',
  'CONCAT({Name}, "-", {Amount}, {Active}, {Signup})',
  '{Name} & {Signup} & {Mixed}',
  'CONTAINS({Name}, "EB")',
  'CONTAINS({Tags}, {Name})',
  'STARTS_WITH({Name}, "ac")',
  'ENDS_WITH({Name}, "E")',
  'ENDS_WITH({Website}, {Mixed})',
  'EXACT({Name}, "acme corp")',
  'EXACT(LOWER({Name}), {Name})',
  'EXACT(UPPER({Name}), "ЖУК")',
  'EXACT({Mixed}, {Amount})',
  'IF(EXACT({Name}, ""), "empty", {Name})',
  'SPLIT({Tags}, ",", 1)',
  'SPLIT({Tags}, ";", -1)',
  'SPLIT({Email}, "@", 2)',
  'SPLIT({Name}, "", 1)',
  'SPLIT({Name}, " ", {Mixed})',
  'DOMAIN({Email})',
  'DOMAIN({Website})',
  'ITEMS({Tags})',
  'ITEMS({Tags}, ";")',
  'ITEMS({Tags}, " ")',
  // numbers
  'NUMBER({Mixed})',
  '{Mixed} + {Amount}',
  '{Amount} - {Mixed}',
  '{Amount} * {Mixed}',
  '{Amount} / {Mixed}',
  '{Amount} * {Amount} * {Amount}',
  '{Amount} * {Amount} / 3',
  '-{Mixed}',
  '0.1 + 0.2 + {Amount}',
  'ROUND({Amount} / 7, 2)',
  'ROUND({Mixed}, -1)',
  'ROUND({Amount} * 1.005, {Mixed})',
  'ROUND({Amount})',
  'ABS({Mixed})',
  'MIN({Amount}, {Mixed}, 100)',
  'MAX({Mixed}, {Amount})',
  'BUCKET({Amount}, 0, 10, 1000)',
  'BUCKET({Mixed}, -5, 0.5)',
  'ROW()',
  'ROW() * 2 & {Name}',
  // dates
  'DATE({Signup})',
  'YEAR({Signup})',
  'MONTH({Signup})',
  'DAY({Signup})',
  'DATE({US date})',
  'DATE({Raw date})',
  'DATE({Mixed})',
  'YEAR(DATE({Raw date})) + MONTH({US date})',
  'DAYS_BETWEEN({Signup}, {US date})',
  'DAYS_BETWEEN(DATE("2024-01-01"), {Signup})',
  'MIN({Signup}, {US date})',
  'MAX({Signup}, "2024-06-01", {Raw date})',
  'TODAY()',
  'DAYS_BETWEEN({Signup}, TODAY()) > 100',
  // yes/no and choices
  '{Active}',
  'TRUE',
  'NOT({Active})',
  'AND({Active}, {Amount} > 10)',
  'OR({Active}, CONTAINS({Name}, "a"))',
  'AND(IS_EMPTY({Name}), {Active}, {Mixed})',
  'IF({Active}, "on", "off")',
  'IF({Mixed}, 1, 0)',
  'IF({Amount} >= 100, {Amount}, "small")',
  'IF(IS_EMPTY({Name}), "none", {Name})',
  'IF(CONTAINS({Name}, "e"), {Signup})',
  'IS_EMPTY({Mixed})',
  'IS_EMPTY(NUMBER({Mixed}))',
  'IS_EMPTY(MID({Name}, 2, 1))',
  'FIRST_NON_EMPTY({Name}, {Email}, "nobody")',
  'FIRST_NON_EMPTY(NUMBER({Mixed}), {Amount})',
  'FIRST_NON_EMPTY({Signup}, {US date})',
  'SWITCH({Active}, TRUE, "Y", FALSE, "N", "?")',
  'SWITCH({Name}, "acme corp", 1, "ebene", 2, 0)',
  'SWITCH(MONTH({Signup}), 12, "Dec", 7, "Jul")',
  'SWITCH({Mixed}, 40, "forty", {Signup}, "same day")',
  // comparisons
  '{Name} = "ebene"',
  '{Name} <> "ACME CORP"',
  '{Name} < "m"',
  '{Name} >= {Email}',
  '{Name} <= {Tags}',
  '{Mixed} > 5',
  '{Signup} <= {US date}',
  '{Signup} > "2024-06-01"',
  '{Active} = TRUE',
  '{Amount} <> {Mixed}',
  '{Mixed} = {Amount}',
  // nesting: values computed once and read by the functions around them
  'DOMAIN(LOWER(SPLIT({Email}, " ", -1)))',
  'ITEMS(ITEMS({Tags}), ",")',
  'LEN(ITEMS({Tags}))',
  'FIRST_NON_EMPTY(DOMAIN({Website}), DOMAIN({Email}), "none")',
  'BUCKET(ROUND({Amount} / ROW(), 1), 1, 100)',
  'SWITCH(BUCKET({Amount}, 10), "< 10", "small", "big")',
  'IF({Amount} / 0 > 1, "x", "y")',
  '{Amount} * 2 + {Mixed} * 3 - ROW() / 4',
  'MID(REPLACE({Name}, " ", ""), SPLIT("2;3", ";", 1), LEN({Name}))',
  'DAYS_BETWEEN(MIN({Signup}, {US date}), MAX({Signup}, {US date}))',
  'YEAR(FIRST_NON_EMPTY(DATE({Raw date}), {Signup}, TODAY())) - 2000',
  'CONCAT(SPLIT(ITEMS({Tags}), ", ", 2), "|", SPLIT(DOMAIN({Website}), ".", -2))',
]

let t: TestApp
let id: string
let columns: ViewColumn[]
let cells: Array<Record<string, string>>

beforeAll(async () => {
  t = await createTestApp({}, { withWorkers: true })
  const { browser } = await t.signUpVerified({ firstName: 'Alice' })
  id = await importCsv(browser, 'awkward.csv', csvOf(header, rows))
  columns = await storedColumnsOf(id)
  cells = await firstRowValues(id, ROWS + 1)
})
afterAll(async () => {
  await t?.close()
})

const formulaColumns = (): FormulaColumn[] => columns.map(({ key, name, type }) => ({ key, name, type }))

function parsedAst(formula: string): FormulaNode {
  const parsed = parseFormula(formula, formulaColumns())
  if (!parsed.ok) throw new Error(`${formula}: ${parsed.error.message}`)
  return parsed.ast
}

function walk(node: FormulaNode, seen: Set<string>) {
  if (node.node === 'call') {
    seen.add(node.name)
    node.args.forEach((arg) => walk(arg, seen))
  }
  if (node.node === 'binary') {
    seen.add(node.op)
    walk(node.left, seen)
    walk(node.right, seen)
  }
  if (node.node === 'unary') walk(node.operand, seen)
}

describe('formulas in SQL give what the reference evaluator gives', () => {
  it('reads the file as the test means it: typed columns, day-first and month-first dates', () => {
    expect(cells).toHaveLength(ROWS)
    const byName = new Map(columns.map((column) => [column.name, column]))
    expect(byName.get('Amount')?.type).toBe('number')
    expect(byName.get('Active')?.type).toBe('boolean')
    expect(byName.get('Signup')).toMatchObject({ type: 'date', dateOrder: 'dmy' })
    expect(byName.get('US date')).toMatchObject({ type: 'date', dateOrder: 'mdy' })
    expect(byName.get('Mixed')?.type).toBe('text')
  })

  it('uses every function and operator of the language', () => {
    const seen = new Set<string>()
    for (const formula of formulas) walk(parsedAst(formula), seen)
    expect([...functionNameSchema.options, ...binaryOperatorSchema.options].filter((name) => !seen.has(name))).toEqual([])
  })

  it('puts the values a formula computes once a row in the lets, not in one-row subqueries, when given lets', () => {
    const lets = new FormulaLets('x')
    const value = formulaValueSql(parsedAst('NUMBER({Mixed}) / 10 + LEN(DOMAIN({Email}))'), columns, lets)
    // NUMBER's bounds, the division's bounds, DOMAIN's host, the sum's bounds.
    expect(lets.values.length).toBeGreaterThanOrEqual(4)
    const dialect = new PgDialect()
    expect(dialect.sqlToQuery(value).sql).not.toContain('OFFSET 0')
    expect(dialect.sqlToQuery(formulaValueSql(parsedAst('NUMBER({Mixed}) / 10'), columns)).sql).toContain('OFFSET 0')
  })

  it.each(formulas)('%s', async (formula) => {
    const ast = parsedAst(formula)
    const dateOrders = new Map(columns.map((column) => [column.key, column.dateOrder ?? null]))
    const fromSql = await readFormulaValues({ uploadId: id, ast, columns })
    const today = todayKey()
    const expected = cells.map((row, i) => evaluateFormulaText(ast, { cells: row, rowNumber: i + 1 }, { dateOrders, today }))
    expect(fromSql.map((row) => row.rowIndex)).toEqual(cells.map((_, i) => i))
    expect(fromSql.map((row) => row.value)).toEqual(expected)
    // Each formula is about something: some row has a value.
    expect(expected.some((value) => value !== null)).toBe(true)

    // As a plan's scan computes it: the values it needs once a row in the selects below.
    const lets = new FormulaLets('x')
    const value = formulaValueTextSql(formulaValueSql(ast, columns, lets), ast.type)
    const stacked = await readRows<{ value: string | null }>(
      sql`SELECT ${value} AS value FROM ${withLetsSql(sql`(SELECT row_index, data FROM ${rowsFrom(id)}) AS r`, lets)} ORDER BY row_index`,
    )
    expect(stacked.map((row) => row.value)).toEqual(expected)
  })
})
