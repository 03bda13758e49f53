import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseNumber } from '#common/cell-values'
import { evaluateFormula } from '#common/formula/evaluate'
import { parseFormula } from '#common/formula/parse'
import { todayKey, type Value } from '#common/formula/values'
import { planResultSchema, type AggregateResult, type Plan, type PlanResult } from '#common/schemas/plans'
import type { UploadColumn } from '#common/schemas/uploads'
import { readJson } from '#server/test/contract'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { csvOf, getUploadDetail, importCsv } from '#server/test/upload-helpers'

/**
 * Issue 32, Magic Chat's part: plans that give a formula where they name a column, `group_by`,
 * groups over ITEMS, and yes/no answers, run through `POST /api/uploads/:id/chat/plan`. The test
 * works every answer out itself from the rows it generated: formula values with the reference
 * evaluator (which formula-sql.test.ts holds the SQL to), and the plans' rules (folded text,
 * skipped values, group order) in its own words below.
 */

let t: TestApp
let alice: TestBrowser
let uploadId: string
let columns: UploadColumn[]

const ROWS = 240
const countries = ['Spain', 'spain ', 'Spain', 'Portugal', 'PORTUGAL', 'Portugal', 'France', '', 'Canadá', 'Canada']
const tagLists = ['[SaaS, Fintech]', 'saas; b2b; SaaS', '', "['Retail']", 'Fintech', '[]', 'b2b, retail ,', ' Health ']

/** Name, Country (case, accents, spaces), Revenue ($ text, 'n/a', empty), Employees (text numbers, 'many', 0, empty), Tags (lists), Email. */
function lead(i: number): string[] {
  const revenue = i % 11 === 3 ? 'n/a' : i % 13 === 5 ? '' : `$${((i * 7919) % 250_000).toLocaleString('en-US')}`
  const employees = i % 17 === 2 ? 'many' : i % 19 === 4 ? '' : i % 23 === 6 ? '0' : String(((i * 37) % 400) + 1)
  return [
    `Lead ${String(i).padStart(3, '0')}`,
    countries[i % countries.length]!,
    revenue,
    employees,
    tagLists[(i * 3) % tagLists.length]!,
    i % 5 === 0 ? `lead${i}@www.Acme.com` : `lead${i}@globex.io`,
  ]
}
const header = ['Name', 'Country', 'Revenue', 'Employees', 'Tags', 'Email']
const rows = Array.from({ length: ROWS }, (_, i) => lead(i))

// ---- The test's own reading of the rules -------------------------------------------------------

const fold = (text: string) => text.trim().normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
const keyOf = (name: string) => columns.find((c) => c.name === name)!.key

/** A formula's value for each row, by the reference evaluator. */
function valuesOf(formula: string): Value[] {
  const parsed = parseFormula(formula, columns)
  if (!parsed.ok) throw new Error(parsed.error.message)
  return rows.map((row, i) => {
    const cells = Object.fromEntries(header.map((name, j) => [keyOf(name), row[j]!]))
    return evaluateFormula(parsed.ast, { cells, rowNumber: i + 1 }, { today: todayKey() })
  })
}
const cell = (i: number, name: string) => rows[i]![header.indexOf(name)]!
const isUnreadable = (text: string) => text.trim() !== '' && parseNumber(text.trim()) === null
const indexesWhere = (test: (i: number) => boolean) => rows.flatMap((_, i) => (test(i) ? [i] : []))

/** Groups as plans form them: by folded value, with their rows. */
function groupRows(keysOfRow: (i: number) => string[], within: number[] = rows.map((_, i) => i)) {
  const groups = new Map<string, { rows: number[] }>()
  for (const i of within) {
    for (const key of keysOfRow(i)) {
      const group = groups.get(fold(key)) ?? { rows: [] as number[] }
      group.rows.push(i)
      groups.set(fold(key), group)
    }
  }
  return groups
}
const byFigureThenValue = (a: [string, number | null], b: [string, number | null]) =>
  (b[1] ?? Number.NEGATIVE_INFINITY) - (a[1] ?? Number.NEGATIVE_INFINITY) || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)
const numbersIn = (values: Value[]) => values.filter((v): v is number => typeof v === 'number')

async function runPlan(plan: Plan) {
  return alice.request(`/api/uploads/${uploadId}/chat/plan`, { method: 'POST', json: { plan } })
}
async function planOk(plan: Plan): Promise<PlanResult> {
  const res = await runPlan(plan)
  expect(res.status, await res.clone().text()).toBe(200)
  return readJson(res, planResultSchema)
}
function groupsOf(aggregate: AggregateResult | null) {
  if (aggregate?.op !== 'group_by') throw new Error(`not a group_by: ${JSON.stringify(aggregate)}`)
  return aggregate
}

beforeAll(async () => {
  t = await createTestApp({}, { withWorkers: true })
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
  await t.startTrial(alice)
  uploadId = await importCsv(alice, 'leads.csv', csvOf(header, rows))
  columns = (await getUploadDetail(alice, uploadId)).columns as UploadColumn[]
}, 120_000)
afterAll(async () => {
  await t?.close()
})

const PER_EMPLOYEE = 'NUMBER({Revenue}) / NUMBER({Employees})'

describe('formulas where plans name columns', () => {
  it('filters by a number formula, numerically; an empty value (n/a, x / 0) never matches', async () => {
    const values = valuesOf(PER_EMPLOYEE)
    const result = await planOk({ where: { formula: PER_EMPLOYEE, op: 'greater_than', value: '1,000' }, limit: 1000 })
    const expected = indexesWhere((i) => typeof values[i] === 'number' && (values[i] as number) > 1000)
    expect(result.rowIndexes).toEqual(expected)
    expect(expected.length).toBeGreaterThan(0)
    expect(result.criteria).toEqual([`${PER_EMPLOYEE} is greater than "1,000".`])
  })

  it('compares a text formula as text columns compare (case, accents, outer spaces), and negates keeping empty values', async () => {
    const domains = valuesOf('DOMAIN({Email})')
    const equal = await planOk({ where: { formula: 'DOMAIN({Email})', op: 'equals', value: ' ACME.com' }, limit: 1000 })
    expect(equal.rowIndexes).toEqual(indexesWhere((i) => domains[i] === 'acme.com'))
    const notIn = await planOk({ where: { formula: 'LOWER({Country})', op: 'not_in', values: ['spain', 'CANADA'] }, limit: 1000 })
    expect(notIn.rowIndexes).toEqual(indexesWhere((i) => !['spain', 'canada'].includes(fold(cell(i, 'Country')))))
  })

  it('sorts by a formula, empty values last in row order', async () => {
    const values = valuesOf(PER_EMPLOYEE)
    const result = await planOk({ sort: { formula: PER_EMPLOYEE, direction: 'desc' }, limit: 5 })
    const valued = indexesWhere((i) => typeof values[i] === 'number').sort((a, b) => (values[b] as number) - (values[a] as number) || a - b)
    expect(result.rowIndexes).toEqual([...valued, ...indexesWhere((i) => values[i] === null)])
    expect(result.rows.map((row) => row.rowIndex)).toEqual(valued.slice(0, 5))
  })

  it('sums and averages a formula, counting as skipped the rows a cell that is not a number left empty', async () => {
    const values = valuesOf(PER_EMPLOYEE)
    const numbers = numbersIn(values)
    const skipped = indexesWhere((i) => values[i] === null && (isUnreadable(cell(i, 'Revenue')) || isUnreadable(cell(i, 'Employees')))).length
    expect(skipped).toBeGreaterThan(0)
    const total = await planOk({ aggregate: { op: 'sum', formula: PER_EMPLOYEE } })
    expect(total.aggregate).toMatchObject({ op: 'sum', column: PER_EMPLOYEE, skipped })
    expect((total.aggregate as { value: number }).value).toBeCloseTo(sum(numbers), 6)
    const average = await planOk({ aggregate: { op: 'avg', formula: PER_EMPLOYEE } })
    expect((average.aggregate as { value: number }).value).toBeCloseTo(sum(numbers) / numbers.length, 6)
    const distinct = await planOk({ aggregate: { op: 'count_distinct', formula: 'DOMAIN({Email})' } })
    expect(distinct.aggregate).toEqual({ op: 'count_distinct', column: 'DOMAIN({Email})', value: new Set(valuesOf('DOMAIN({Email})').filter((v) => v !== null)).size })
  })
})

describe('group_by', () => {
  it('takes the latest day of a date formula, counting as skipped the rows a cell that is not a date left empty', async () => {
    const signed = ['2024-03-01', 'soon', '', '15/04/2024', '2024-02-30', ' 2023-12-31 ', 'n/a']
    const dates = await importCsv(alice, 'signed.csv', csvOf(['Name', 'Signed'], signed.map((value, i) => [`Lead ${i}`, value])))
    const res = await alice.request(`/api/uploads/${dates}/chat/plan`, { method: 'POST', json: { plan: { aggregate: { op: 'max', formula: 'DATE({Signed})' } } } })
    const result = await readJson(res, planResultSchema)
    // 'soon', 'n/a' and the 30th of February do not read as days; the empty cell is not skipped, only empty.
    expect(result.aggregate).toMatchObject({ op: 'max', value: '2024-04-15', skipped: 3 })
    const year = await alice.request(`/api/uploads/${dates}/chat/plan`, { method: 'POST', json: { plan: { aggregate: { op: 'min', formula: 'YEAR(DATE({Signed}))' } } } })
    expect((await readJson(year, planResultSchema)).aggregate).toMatchObject({ op: 'min', value: 2023, skipped: 3 })
  })

  it('totals, averages and counts per folded value, ordered by the first measure, with skipped values per group', async () => {
    const plan: Plan = {
      where: { column: 'Country', op: 'is_not_empty' },
      aggregate: { op: 'group_by', column: 'Country', measures: [{ op: 'sum', column: 'Revenue' }, { op: 'avg', formula: PER_EMPLOYEE }, { op: 'count' }] },
    }
    const result = groupsOf((await planOk(plan)).aggregate)
    const perEmployee = valuesOf(PER_EMPLOYEE)
    const groups = groupRows((i) => [cell(i, 'Country')], indexesWhere((i) => cell(i, 'Country').trim() !== ''))
    const expected = [...groups].map(([folded, group]) => {
      const revenues = group.rows.map((i) => parseNumber(cell(i, 'Revenue'))).filter((n): n is number => n !== null)
      const ratios = numbersIn(group.rows.map((i) => perEmployee[i]!))
      return {
        folded,
        total: revenues.length > 0 ? sum(revenues) : null,
        skipped: group.rows.filter((i) => isUnreadable(cell(i, 'Revenue'))).length,
        average: ratios.length > 0 ? sum(ratios) / ratios.length : null,
        rows: group.rows.length,
      }
    })
    expected.sort((a, b) => byFigureThenValue([a.folded, a.total], [b.folded, b.total]))
    expect(result.measures).toEqual([
      { op: 'sum', column: 'Revenue' },
      { op: 'avg', column: PER_EMPLOYEE },
      { op: 'count', column: null },
    ])
    expect(result.groups.map((g) => fold(g.value))).toEqual(expected.map((e) => e.folded))
    result.groups.forEach((group, i) => {
      const want = expected[i]!
      expect(group.count).toBe(want.rows)
      expect(group.measures[0]!.value).toBeCloseTo(want.total!, 6)
      expect(group.measures[0]!.skipped).toBe(want.skipped)
      expect(group.measures[1]!.value).toBeCloseTo(want.average!, 6)
      expect(group.measures[2]).toEqual({ value: want.rows, skipped: 0 })
    })
    // The most common spelling names the group.
    expect(result.groups.find((g) => fold(g.value) === 'spain')?.value).toBe('Spain')
    expect(result.otherGroups).toBe(0)
  })

  it('groups by a formula, smallest first, and limits the groups like count_by', async () => {
    const domains = valuesOf('DOMAIN({Email})')
    const result = groupsOf(
      (await planOk({ aggregate: { op: 'group_by', formula: 'DOMAIN({Email})', measures: [{ op: 'max', formula: 'NUMBER({Employees})' }], direction: 'asc', limit: 1 } })).aggregate,
    )
    const groups = groupRows((i) => [String(domains[i] ?? '')])
    const maxima = [...groups].map(([folded, group]) => [folded, Math.max(...group.rows.map((i) => parseNumber(cell(i, 'Employees')) ?? Number.NEGATIVE_INFINITY))] as [string, number])
    maxima.sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))
    expect(result.groups.map((g) => [g.value, g.measures[0]!.value])).toEqual([maxima[0]])
    expect(result.otherGroups).toBe(groups.size - 1)
  })

  it('groups only the rows a formula condition matches, measuring the same formula written another way', async () => {
    // The condition's formula is computed once a row and the measure reads it: spaced otherwise,
    // it is the same formula.
    const tenths = valuesOf('NUMBER({Employees}) / 10')
    const domains = valuesOf('DOMAIN({Email})')
    const plan: Plan = {
      where: { formula: 'NUMBER({Employees}) / 10', op: 'between', values: ['30', '5'] },
      aggregate: { op: 'group_by', formula: 'DOMAIN({Email})', measures: [{ op: 'avg', formula: 'NUMBER( {Employees} )/10' }, { op: 'count_distinct', column: 'Country' }, { op: 'min', formula: 'NUMBER({Employees}) / 10' }] },
    }
    const result = await planOk(plan)
    const matched = indexesWhere((i) => typeof tenths[i] === 'number' && (tenths[i] as number) >= 5 && (tenths[i] as number) <= 30)
    expect(result.count).toBe(matched.length)
    expect(result.rowIndexes).toEqual(matched)
    const groups = groupRows((i) => [String(domains[i] ?? '')], matched)
    const expected = [...groups].map(([folded, group]) => {
      const values = group.rows.map((i) => tenths[i] as number)
      return { folded, average: sum(values) / values.length, countries: new Set(group.rows.map((i) => fold(cell(i, 'Country'))).filter((c) => c !== '')).size, least: Math.min(...values), rows: group.rows.length }
    })
    expected.sort((a, b) => byFigureThenValue([a.folded, a.average], [b.folded, b.average]))
    const grouped = groupsOf(result.aggregate)
    expect(grouped.groups.map((g) => [fold(g.value), g.count])).toEqual(expected.map((e) => [e.folded, e.rows]))
    grouped.groups.forEach((group, i) => {
      expect(group.measures[0]!.value).toBeCloseTo(expected[i]!.average, 9)
      expect(group.measures[1]).toEqual({ value: expected[i]!.countries, skipped: 0 })
      expect(group.measures[2]!.value).toBeCloseTo(expected[i]!.least, 9)
    })
  })

  it('counts each item of ITEMS(...) once per row, with count_by and with group_by', async () => {
    const items = valuesOf('ITEMS({Tags})')
    const itemsOf = (i: number) => {
      const list = items[i] === null ? [] : String(items[i]).split(', ')
      const once = [...new Map(list.map((item) => [fold(item), item])).values()]
      return once.length > 0 ? once : ['']
    }
    const groups = groupRows(itemsOf)
    const counted = [...groups].map(([folded, group]) => [folded, group.rows.length] as [string, number]).sort(byFigureThenValue)
    const countBy = await planOk({ aggregate: { op: 'count_by', formula: 'ITEMS({Tags})', limit: 100 } })
    if (countBy.aggregate?.op !== 'count_by') throw new Error('not a count_by')
    expect(countBy.aggregate.groups.map((g) => [fold(g.value), g.count])).toEqual(counted)
    // 'saas; b2b; SaaS' is in the SaaS group once.
    expect(groups.get('saas')!.rows.length).toBeLessThan(sum(rows.map((_, i) => (items[i] === null ? 0 : String(items[i]).split(', ').filter((x) => fold(x) === 'saas').length))))

    const grouped = groupsOf((await planOk({ aggregate: { op: 'group_by', formula: 'ITEMS({Tags})', measures: [{ op: 'sum', column: 'Revenue' }], limit: 100 } })).aggregate)
    const totals = [...groups].map(([folded, group]) => {
      const revenues = group.rows.map((i) => parseNumber(cell(i, 'Revenue'))).filter((n): n is number => n !== null)
      return [folded, revenues.length > 0 ? sum(revenues) : null] as [string, number | null]
    })
    totals.sort(byFigureThenValue)
    expect(grouped.groups.map((g) => fold(g.value))).toEqual(totals.map(([folded]) => folded))
    grouped.groups.forEach((group, i) => expect(group.measures[0]!.value).toBeCloseTo(totals[i]![1]!, 6))
  })
})

describe('yes/no answers', () => {
  it('answers exists with yes and the count, or no', async () => {
    const spain = indexesWhere((i) => fold(cell(i, 'Country')) === 'spain').length
    expect((await planOk({ where: { column: 'Country', op: 'equals', value: 'SPAIN' }, aggregate: { op: 'exists' } })).aggregate).toEqual({ op: 'exists', column: null, value: spain, answer: true })
    expect((await planOk({ where: { formula: 'LEN({Name})', op: 'greater_than', value: '100' }, aggregate: { op: 'exists' } })).aggregate).toEqual({ op: 'exists', column: null, value: 0, answer: false })
  })

  it('compares a total and a count with a value: yes or no, with the figure behind it', async () => {
    const total = sum(rows.map((_, i) => parseNumber(cell(i, 'Revenue')) ?? 0))
    const above = await planOk({ aggregate: { op: 'sum', column: 'Revenue', compare: { op: 'greater_than', value: String(total - 1) } } })
    expect(above.aggregate).toMatchObject({ op: 'sum', column: 'Revenue', answer: true, compare: { op: 'greater_than', value: String(total - 1) } })
    expect((above.aggregate as { value: number }).value).toBeCloseTo(total, 6)
    const atMost = await planOk({ aggregate: { op: 'sum', column: 'Revenue', compare: { op: 'at_most', value: String(total - 1) } } })
    expect(atMost.aggregate).toMatchObject({ answer: false })
    const rowsIn = indexesWhere((i) => fold(cell(i, 'Country')) === 'portugal').length
    const count = await planOk({ where: { column: 'Country', op: 'equals', value: 'portugal' }, aggregate: { op: 'count', compare: { op: 'at_least', value: String(rowsIn) } } })
    expect(count.aggregate).toEqual({ op: 'count', column: null, value: rowsIn, compare: { op: 'at_least', value: String(rowsIn) }, answer: true })
  })
})

describe('refusals and other doors', () => {
  it('refuses a formula that does not check with a 422 that says which formula and where', async () => {
    const res = await runPlan({ where: { formula: 'NUMBER({Revnue}) > 5', op: 'equals', value: 'true' } })
    expect(res.status).toBe(422)
    const error = await errorOf(res)
    expect(error.message).toBe('The formula NUMBER({Revnue}) > 5 does not work: character 8: unknown column {Revnue}; did you mean {Revenue}?')
    expect(error.details).toEqual({ at: 7, formula: 'NUMBER({Revnue}) > 5' })
    const inGroup = await runPlan({ aggregate: { op: 'group_by', column: 'Country', measures: [{ op: 'sum', formula: 'LWOER({Revenue})' }] } })
    expect(inGroup.status).toBe(422)
    expect((await errorOf(inGroup)).message).toContain('character 1: unknown function LWOER')
  })

  it('refuses a total of a yes/no formula, a word to compare a total with, and a plan with both a column and a formula', async () => {
    expect((await runPlan({ aggregate: { op: 'sum', formula: '{Revenue} = "n/a"' } })).status).toBe(422)
    expect((await runPlan({ aggregate: { op: 'sum', column: 'Revenue', compare: { op: 'greater_than', value: 'lots' } } })).status).toBe(422)
    const both = await alice.request(`/api/uploads/${uploadId}/chat/plan`, { method: 'POST', json: { plan: { sort: { column: 'Revenue', formula: '{Revenue}', direction: 'asc' } } } })
    expect(both.status).toBe(422)
  })

  it('applies a formula condition as the grid view (the AI filter) does: the same rows', async () => {
    const where = { formula: PER_EMPLOYEE, op: 'at_least', value: '500' } as const
    const plan = await planOk({ where })
    const view = await alice.api.uploads[':id'].rows.$get({ param: { id: uploadId }, query: { where: JSON.stringify(where), perPage: '10' } })
    expect(view.status).toBe(200)
    expect((await view.json()).count).toBe(plan.count)
  })
})
