import { describe, expect, it } from 'vitest'
import type { ColumnType, DateOrder } from '#common/schemas/uploads'
import { evaluateFormulaText } from './evaluate.ts'
import { parseFormula } from './parse.ts'

/** The language as the issue states it, on one row at a time (the SQL is held to the same answers in row storage). */

const columns: Array<{ key: string; name: string; type: ColumnType; dateOrder: DateOrder | null }> = [
  { key: 'c0', name: 'Value', type: 'text', dateOrder: null },
  { key: 'c1', name: 'Day first', type: 'date', dateOrder: 'dmy' },
  { key: 'c2', name: 'Month first', type: 'date', dateOrder: 'mdy' },
]
const dateOrders = new Map(columns.map((column) => [column.key, column.dateOrder]))

function run(formula: string, value = '', rowNumber = 1, dates: Partial<Record<'c1' | 'c2', string>> = {}) {
  const parsed = parseFormula(formula, columns)
  if (!parsed.ok) throw new Error(parsed.error.message)
  return evaluateFormulaText(parsed.ast, { cells: { c0: value, ...dates }, rowNumber }, { dateOrders, today: 20261128 })
}

describe('the formula language', () => {
  it('reads numbers as plans do, and leaves what is not one empty', () => {
    expect(['1,200', '$40', '12%', ' 7 ', 'abc', ''].map((value) => run('NUMBER({Value})', value))).toEqual(['1200', '40', '12', '7', null, null])
    expect(run('{Value} * 2', 'n/a')).toBeNull()
  })

  it('gives empty for a division by zero, and writes numbers plainly', () => {
    expect(run('10 / {Value}', '0')).toBeNull()
    expect(run('0.1 + 0.2')).toBe('0.3')
    expect(run('{Value} * 1000000', '100000000000000')).toBe('100000000000000000000')
    expect(run('{Value} * {Value}', '9e99')).toBeNull()
  })

  it('rounds halves away from zero, to decimals or tens', () => {
    expect([run('ROUND(2.5)'), run('ROUND(-2.5)'), run('ROUND(1.005, 2)'), run('ROUND(1234, -2)')]).toEqual(['3', '-3', '1.01', '1200'])
  })

  it('compares text as plans do: case, accents and outer spaces ignored', () => {
    expect(run('{Value} = "ebene"', '  Ébène ')).toBe('true')
    expect(run('CONTAINS({Value}, "ACME")', 'Acmé Corp')).toBe('true')
    expect(run('{Value} = "x"', '')).toBeNull()
  })

  it('compares text exactly with EXACT: case and accents count, a cell\'s outer spaces do not', () => {
    expect(run('EXACT({Value}, "Hacendado")', ' Hacendado ')).toBe('true')
    expect(run('EXACT({Value}, "hacendado")', 'Hacendado')).toBe('false')
    expect(run('EXACT({Value}, "Ebene")', 'Ébène')).toBe('false')
    expect(run('EXACT({Value}, "")', '')).toBe('true')
  })

  it("changes case by Unicode's simple mapping, letter for letter, in every script", () => {
    expect(run('LOWER({Value})', 'İSTANBUL ΑΘΗΝΑ ЖУК ǅ')).toBe('istanbul αθηνα жук ǆ')
    // ß and ŉ have no one-letter capital and keep their own; ᾳ's capital has its iota beside.
    expect(run('UPPER({Value})', 'straße ŉ ᾳ ᾀ')).toBe('STRAßE ŉ ᾼ ᾈ')
    expect(run('{Value} = "σοφία"', 'ΣΟΦΊΑ')).toBe('true')
  })

  it('takes the n-th part of a split, from the end when negative', () => {
    expect([1, 2, -1, 0, 4].map((n) => run(`SPLIT({Value}, ";", ${n < 0 ? `-${-n}` : n})`, 'a; b ;c'))).toEqual(['a', 'b', 'c', null, null])
  })

  it('finds the domain of an e-mail address or a URL', () => {
    expect(['jane@WWW.Acme.com', 'https://www.Example.org/about?x=1', 'shop.io', 'not a url'].map((value) => run('DOMAIN({Value})', value))).toEqual([
      'acme.com',
      'example.org',
      'shop.io',
      null,
    ])
  })

  it('lists the items of a list cell, brackets and quotes stripped', () => {
    expect(['[Spain, Portugal]', 'SaaS; Fintech', `["a", 'b']`, '[]'].map((value) => run('ITEMS({Value})', value))).toEqual([
      'Spain, Portugal',
      'SaaS, Fintech',
      'a, b',
      null,
    ])
  })

  it('puts numbers in half-open ranges', () => {
    expect(['5', '10', '999', '1,000', ''].map((value) => run('BUCKET({Value}, 10, 1000)', value))).toEqual(['< 10', '10-1000', '10-1000', '>= 1000', null])
  })

  it('reads dates in the column order, and only days the calendar has', () => {
    const dates = { c1: '04/07/2024', c2: '04/07/2024' }
    expect(run('DATE({Day first})', '', 1, dates)).toBe('2024-07-04')
    expect(run('DATE({Month first})', '', 1, dates)).toBe('2024-04-07')
    expect(run('DAYS_BETWEEN({Month first}, {Day first})', '', 1, dates)).toBe('88')
    expect(run('DATE({Value})', '31/04/2024')).toBeNull()
    expect(run('YEAR(TODAY())')).toBe('2026')
  })

  it('answers the issue examples', () => {
    const size = (employees: string) => run('IF(NUMBER({Value}) >= 1000, "Enterprise", "SMB")', employees)
    expect([size('1,200'), size('999')]).toEqual(['Enterprise', 'SMB'])
    expect(run('ROW() & "/" & FIRST_NON_EMPTY({Value}, "none")', '', 7)).toBe('7/none')
    expect(run('SWITCH({Value}, "es", "Spain", "pt", "Portugal", "other")', ' ES ')).toBe('Spain')
  })
})
