import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseDateKey, parseNumber } from '#common/cell-values'
import { planResultSchema, type Condition, type Plan, type PlanResult } from '#common/schemas/plans'
import type { UploadColumn } from '#common/schemas/uploads'
import { startFakeAiServer, type FakeAiServer } from '#server/test/fake-ai-server'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { until } from '#server/test/until'
import { csvOf, getUploadDetail, importCsv } from '#server/test/upload-helpers'
import { UPLOAD_NOT_FOUND } from '#server/modules/uploads/upload-id-param'
import { readJson } from '#server/test/contract'

/**
 * The plan suite (issue 22): a generated lead list whose answers the test works out itself, and
 * plans run through `POST /api/uploads/:id/chat/plan` (no model, no credits). The test's own
 * evaluator below reads the rules as the issue states them; the server must agree on every plan.
 */

let t: TestApp
let fake: FakeAiServer
let alice: TestBrowser
let bob: TestBrowser
let leadsId: string
let columns: UploadColumn[]

const ROWS = 260
const countries = ['Germany', 'germany ', 'Germany', 'GERMANY', 'France', 'United States', 'Brazil', '', 'Canada']
const cities = ['Zürich', 'Zurich', 'São Paulo', 'Sao Paulo', 'Montréal', 'Berlin', 'Lyon', 'Köln', '']
const industries = ['Software', 'SaaS', 'Retail', 'Healthcare', 'software', '', 'Fintech']
const titles = ['VP Sales', 'Head of Growth', 'CEO', 'vp marketing', 'Engineer', 'Founder & CEO', '']

/** Name, Company, Country, City, Industry, Title, Employees (numbers as text), Revenue ($), Growth (%), Score (number), Founded (two date formats), Email. */
function lead(i: number): string[] {
  const pad = (n: number) => String(n).padStart(2, '0')
  const year = 2005 + (i % 18)
  const month = ((i * 5) % 12) + 1
  const day = ((i * 11) % 28) + 1
  const founded = i % 13 === 7 ? '' : i % 2 === 0 ? `${year}-${pad(month)}-${pad(day)}` : `${pad(month)}/${pad(day)}/${year}`
  const employees = i % 17 === 3 ? 'n/a' : i % 19 === 5 ? '' : ((i * 73) % 5000).toLocaleString('en-US')
  const revenue = i % 9 === 4 ? '' : `$${((i * 1237) % 90_000).toLocaleString('en-US')}`
  const growth = `${((i * 7) % 41) - 10}%`
  const score = i % 23 === 11 ? '' : String((i * 37) % 101)
  return [
    `Lead ${String(i).padStart(3, '0')}`,
    `Company ${String.fromCharCode(65 + (i % 26))}${i % 7}`,
    countries[i % countries.length]!,
    cities[(i * 3) % cities.length]!,
    industries[(i * 5) % industries.length]!,
    titles[(i * 2) % titles.length]!,
    employees,
    revenue,
    growth,
    score,
    founded,
    i % 6 === 0 ? '' : `lead${i}@example.com`,
  ]
}
const header = ['Name', 'Company', 'Country', 'City', 'Industry', 'Title', 'Employees', 'Revenue', 'Growth', 'Score', 'Founded', 'Email']
const rows = Array.from({ length: ROWS }, (_, i) => lead(i))
/** What the fake AI answers for a row's 'Segment' column: known, so the test can check plans over it. */
const segmentOf = (row: string[]) => (Number(row[9] || 0) >= 50 ? 'Priority' : 'Later')

// ---- The test's own reading of the rules -------------------------------------------------------

type Table = Array<Record<string, string>>
let table: Table

const fold = (text: string) => text.trim().normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
const typeOf = (name: string) => columns.find((c) => c.name.toLowerCase() === name.toLowerCase())!.type
const cellOf = (row: Record<string, string>, name: string) => row[columns.find((c) => c.name.toLowerCase() === name.toLowerCase())!.name] ?? ''

type Kind = 'number' | 'date' | 'text'
function operandKind(name: string, value: string): Kind {
  const type = typeOf(name)
  if (type === 'number') return 'number'
  if (type === 'date') return 'date'
  if (parseNumber(value.trim()) !== null) return 'number'
  if (parseDateKey(value.trim()) !== null) return 'date'
  return 'text'
}
function read(kind: Kind, text: string): number | string | null {
  if (kind === 'number') return parseNumber(text)
  if (kind === 'date') return parseDateKey(text)
  return fold(text)
}
function equalsRow(row: Record<string, string>, name: string, value: string) {
  const cell = cellOf(row, name)
  const kind = operandKind(name, value)
  if (kind === 'text') return cell.trim() !== '' && fold(cell) === fold(value)
  const typed = read(kind, cell) !== null && read(kind, cell) === read(kind, value)
  return typeOf(name) === 'text' ? typed || (cell.trim() !== '' && fold(cell) === fold(value)) : typed
}
function compareRow(row: Record<string, string>, name: string, value: string, test: (a: number | string, b: number | string) => boolean) {
  const kind = operandKind(name, value)
  const a = read(kind, cellOf(row, name))
  const b = read(kind, value)
  if (a === null || b === null || (kind === 'text' && cellOf(row, name).trim() === '')) return false
  return test(a, b)
}
function holds(row: Record<string, string>, c: Condition): boolean {
  if ('all' in c) return c.all.every((x) => holds(row, x))
  if ('any' in c) return c.any.some((x) => holds(row, x))
  if ('not' in c) return !holds(row, c.not)
  if (!('column' in c)) throw new Error('This suite reads columns; chat-plan-formulas.test.ts reads formulas.')
  if ('figure' in c) throw new Error('chat-plan-answers.test.ts reads conditions against figures.')
  const cell = cellOf(row, c.column)
  switch (c.op) {
    case 'is_empty':
      return cell.trim() === ''
    case 'is_not_empty':
      return cell.trim() !== ''
    case 'contains':
      return cell.trim() !== '' && fold(cell).includes(fold(c.value!))
    case 'not_contains':
      return !(cell.trim() !== '' && fold(cell).includes(fold(c.value!)))
    case 'starts_with':
      return cell.trim() !== '' && fold(cell).startsWith(fold(c.value!))
    case 'ends_with':
      return cell.trim() !== '' && fold(cell).endsWith(fold(c.value!))
    case 'equals':
      return equalsRow(row, c.column, c.value!)
    case 'not_equals':
      return !equalsRow(row, c.column, c.value!)
    case 'greater_than':
      return compareRow(row, c.column, c.value!, (a, b) => a > b)
    case 'less_than':
      return compareRow(row, c.column, c.value!, (a, b) => a < b)
    case 'at_least':
      return compareRow(row, c.column, c.value!, (a, b) => a >= b)
    case 'at_most':
      return compareRow(row, c.column, c.value!, (a, b) => a <= b)
    case 'in':
      return c.values.some((v) => equalsRow(row, c.column, v))
    case 'not_in':
      return !c.values.some((v) => equalsRow(row, c.column, v))
    case 'between': {
      // The ends may come the wrong way round.
      const kind = operandKind(c.column, c.values[0])
      const [low, high] = (read(kind, c.values[0]) ?? 0) > (read(kind, c.values[1]) ?? 0) ? [c.values[1], c.values[0]] : c.values
      return compareRow(row, c.column, low, (a, b) => a >= b) && compareRow(row, c.column, high, (a, b) => a <= b)
    }
  }
}
const matching = (where?: Condition) => table.flatMap((row, index) => (!where || holds(row, where) ? [index] : []))

async function runPlan(plan: Plan, browser = alice, id = leadsId) {
  const res = await browser.request(`/api/uploads/${id}/chat/plan`, { method: 'POST', json: { plan } })
  return res
}
async function planOk(plan: Plan): Promise<PlanResult> {
  const res = await runPlan(plan)
  expect(res.status, await res.clone().text()).toBe(200)
  return readJson(res, planResultSchema)
}

beforeAll(async () => {
  fake = await startFakeAiServer()
  fake.reset({
    answer: ({ messages }) => {
      const rowPart = messages.find((m) => m.role === 'user')?.content ?? ''
      const values = JSON.parse(rowPart.slice(rowPart.indexOf('{'))) as Record<string, string>
      return { reasoning: 'From the score', confidence: 0.9, value: Number(values.Score || 0) >= 50 ? 'Priority' : 'Later' }
    },
  })
  t = await createTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.openaiBaseURL, AI_MODEL: 'fake-model' }, { withWorkers: true })
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
  await t.startTrial(alice)
  bob = (await t.signUpVerified({ firstName: 'Bob' })).browser
  await t.startTrial(bob)
  leadsId = await importCsv(alice, 'leads.csv', csvOf(header, rows))

  // An AI column over every row, filled by the fake provider.
  const created = await alice.post(`/api/uploads/${leadsId}/ai-fields`, { name: 'Segment', prompt: 'Segment for score {Score}' })
  expect(created.status, await created.clone().text()).toBe(201)
  const field = (await created.json()) as { id: string }
  const started = await alice.post(`/api/uploads/${leadsId}/ai-fields/${field.id}/runs`, { scope: 'all' })
  expect(started.status, await started.clone().text()).toBe(202)
  await until(
    'the AI column to finish',
    async () => (await (await alice.request(`/api/uploads/${leadsId}/ai-fields/${field.id}`)).json()) as { status: string },
    (state) => state.status === 'completed',
  )
  columns = (await getUploadDetail(alice, leadsId)).columns as UploadColumn[]
  table = rows.map((row) => ({ ...Object.fromEntries(header.map((name, i) => [name, row[i]!])), Segment: segmentOf(row) }))
}, 240_000)
afterAll(async () => {
  await t?.close()
  await fake?.stop()
})

describe('the lead list', () => {
  it('reads its columns with the types the plans rely on', () => {
    const types = Object.fromEntries(columns.map((c) => [c.name, c.type]))
    expect(types).toMatchObject({ Employees: 'text', Score: 'number', Founded: 'date', Segment: 'text' })
  })
})

/** Conditions whose counts and rows the test works out itself. */
const conditions: Array<[string, Condition]> = [
  ['equals ignores case and outer spaces', { column: 'Country', op: 'equals', value: 'germany' }],
  ['equals names the column in any case', { column: 'country', op: 'equals', value: ' GERMANY' }],
  ['equals ignores accents', { column: 'City', op: 'equals', value: 'zurich' }],
  ['accents in the value too', { column: 'City', op: 'equals', value: 'Sâo Pâulo' }],
  ['not_equals keeps empty cells', { column: 'Country', op: 'not_equals', value: 'Germany' }],
  ['contains', { column: 'Title', op: 'contains', value: 'vp' }],
  ['not_contains keeps empty cells', { column: 'Title', op: 'not_contains', value: 'ceo' }],
  ['starts_with', { column: 'Company', op: 'starts_with', value: 'company a' }],
  ['ends_with', { column: 'Email', op: 'ends_with', value: '@EXAMPLE.com' }],
  ['contains a LIKE wildcard literally', { column: 'Title', op: 'contains', value: '&' }],
  ['is_empty after trimming', { column: 'Country', op: 'is_empty' }],
  ['is_not_empty', { column: 'Email', op: 'is_not_empty' }],
  ['number column greater_than', { column: 'Score', op: 'greater_than', value: '80' }],
  ['number column at_least', { column: 'Score', op: 'at_least', value: '80' }],
  ['number column less_than', { column: 'Score', op: 'less_than', value: '5' }],
  ['number column at_most', { column: 'Score', op: 'at_most', value: '5' }],
  ['number column equals', { column: 'Score', op: 'equals', value: '74' }],
  ['numbers stored as text compare as numbers', { column: 'Employees', op: 'greater_than', value: '1,000' }],
  ['numbers stored as text, between with both ends', { column: 'Employees', op: 'between', values: ['1200', '3,000'] }],
  ['numbers stored as text equal whatever their commas', { column: 'Employees', op: 'equals', value: '3723' }],
  ['dollar amounts', { column: 'Revenue', op: 'at_least', value: '$50,000' }],
  ['percentages', { column: 'Growth', op: 'less_than', value: '0%' }],
  ['between, ends given the wrong way round', { column: 'Score', op: 'between', values: ['60', '20'] }],
  ['dates in two formats, after', { column: 'Founded', op: 'greater_than', value: '2018-06-30' }],
  ['dates in two formats, before, written month first', { column: 'Founded', op: 'less_than', value: '03/15/2008' }],
  ['dates between', { column: 'Founded', op: 'between', values: ['2010-01-01', '2012-12-31'] }],
  ['in', { column: 'Industry', op: 'in', values: ['software', 'SaaS'] }],
  ['not_in keeps empty cells', { column: 'Industry', op: 'not_in', values: ['Software', 'Retail'] }],
  ['AI column values', { column: 'Segment', op: 'equals', value: 'priority' }],
  ['all', { all: [{ column: 'Country', op: 'equals', value: 'Germany' }, { column: 'Score', op: 'at_least', value: '50' }] }],
  ['any', { any: [{ column: 'Country', op: 'equals', value: 'France' }, { column: 'City', op: 'equals', value: 'Koln' }] }],
  ['not', { not: { column: 'Industry', op: 'equals', value: 'software' } }],
  [
    'nested all / any / not',
    {
      all: [
        { any: [{ column: 'Country', op: 'in', values: ['Germany', 'France'] }, { column: 'City', op: 'contains', value: 'paulo' }] },
        { not: { column: 'Email', op: 'is_empty' } },
        { column: 'Segment', op: 'not_equals', value: 'Later' },
      ],
    },
  ],
  ['empty all matches every row', { all: [] }],
  ['a value no row has', { column: 'Company', op: 'equals', value: 'Nobody Inc' }],
]

describe('conditions', () => {
  it.each(conditions)('%s', async (_, where) => {
    const result = await planOk({ where, limit: 1000 })
    const expected = matching(where)
    expect(result.count).toBe(expected.length)
    expect(result.rowIndexes).toEqual(expected)
    expect(result.rowIndexesComplete).toBe(true)
    expect(result.rows.map((row) => row.rowIndex)).toEqual(expected)
    expect(result.totalRows).toBe(ROWS)
  })
})

describe('sorts, limits and aggregates', () => {
  it('sorts numbers descending, empty values last, and lists the first `limit` rows', async () => {
    const result = await planOk({ where: { column: 'Country', op: 'equals', value: 'germany' }, sort: { column: 'Score', direction: 'desc' }, limit: 5 })
    const expected = matching({ column: 'Country', op: 'equals', value: 'germany' })
    const valued = expected.filter((i) => table[i]!.Score !== '').sort((a, b) => Number(table[b]!.Score) - Number(table[a]!.Score) || a - b)
    const empty = expected.filter((i) => table[i]!.Score === '')
    expect(result.rowIndexes).toEqual([...valued, ...empty])
    expect(result.rows.map((row) => row.rowIndex)).toEqual(valued.slice(0, 5))
    expect(result.rows[0]!.values).toMatchObject({ Score: table[valued[0]!]!.Score, Segment: table[valued[0]!]!.Segment })
  })

  it('sorts dates in two formats ascending', async () => {
    const result = await planOk({ sort: { column: 'Founded', direction: 'asc' }, limit: 3 })
    const keyed = table.map((row, i) => ({ i, key: parseDateKey(row.Founded!) })).filter((e) => e.key !== null)
    keyed.sort((a, b) => a.key! - b.key! || a.i - b.i)
    expect(result.rowIndexes.slice(0, keyed.length)).toEqual(keyed.map((e) => e.i))
  })

  it('counts', async () => {
    const where: Condition = { column: 'Industry', op: 'equals', value: 'software' }
    const result = await planOk({ where, aggregate: { op: 'count' } })
    expect(result.aggregate).toEqual({ op: 'count', column: null, value: matching(where).length })
  })

  it('counts by a column: case, accents and spaces folded, largest first, then by value', async () => {
    const result = await planOk({ aggregate: { op: 'count_by', column: 'Country' } })
    const counts = new Map<string, number>()
    for (const row of table) counts.set(fold(row.Country!), (counts.get(fold(row.Country!)) ?? 0) + 1)
    const expected = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    expect(result.aggregate?.op).toBe('count_by')
    const groups = result.aggregate && 'groups' in result.aggregate ? result.aggregate.groups : []
    expect(groups.map((g) => [fold(g.value), g.count])).toEqual(expected)
    // The most common spelling names the group.
    expect(groups.find((g) => fold(g.value) === 'germany')?.value).toBe('Germany')
  })

  it('counts by an AI column within a condition, with a group limit', async () => {
    const where: Condition = { column: 'Country', op: 'not_equals', value: 'France' }
    const result = await planOk({ where, aggregate: { op: 'count_by', column: 'Segment', limit: 1 } })
    const rowsIn = matching(where)
    const priority = rowsIn.filter((i) => table[i]!.Segment === 'Priority').length
    const later = rowsIn.length - priority
    const top = { value: priority >= later ? 'Priority' : 'Later', count: Math.max(priority, later) }
    // One group asked for: its figure headlines the answer beside the groups (issue 44).
    expect(result.aggregate).toEqual({ op: 'count_by', column: 'Segment', group: top.value, value: top.count, groups: [top], otherGroups: 1 })
  })

  it('counts distinct values, folded, without the empty ones', async () => {
    const result = await planOk({ aggregate: { op: 'count_distinct', column: 'City' } })
    const distinct = new Set(table.map((row) => fold(row.City!)).filter((v) => v !== ''))
    expect(result.aggregate).toEqual({ op: 'count_distinct', column: 'City', value: distinct.size })
  })

  it('sums, averages, finds min and max of numbers stored as text, and says how many were skipped', async () => {
    const values = table.map((row) => row.Employees!).filter((v) => v.trim() !== '')
    const numbers = values.map((v) => parseNumber(v)).filter((n): n is number => n !== null)
    const skipped = values.length - numbers.length
    const sum = numbers.reduce((a, b) => a + b, 0)
    for (const [op, value] of [
      ['sum', sum],
      ['avg', sum / numbers.length],
      ['min', Math.min(...numbers)],
      ['max', Math.max(...numbers)],
    ] as const) {
      const result = await planOk({ aggregate: { op, column: 'Employees' } })
      expect(result.aggregate).toMatchObject({ op, column: 'Employees', skipped })
      expect((result.aggregate as { value: number }).value).toBeCloseTo(value, 6)
    }
    expect(skipped).toBeGreaterThan(0)
  })

  it('sums dollar amounts within a condition', async () => {
    const where: Condition = { column: 'Segment', op: 'equals', value: 'Priority' }
    const result = await planOk({ where, aggregate: { op: 'sum', column: 'Revenue' } })
    const sum = matching(where).reduce((total, i) => total + (parseNumber(table[i]!.Revenue!) ?? 0), 0)
    expect((result.aggregate as { value: number }).value).toBeCloseTo(sum, 6)
  })

  it('finds the earliest and latest date, as written', async () => {
    const keyed = table.map((row) => ({ text: row.Founded!, key: parseDateKey(row.Founded!) })).filter((e) => e.key !== null)
    const earliest = keyed.reduce((a, b) => (b.key! < a.key! ? b : a))
    const latest = keyed.reduce((a, b) => (b.key! > a.key! ? b : a))
    expect((await planOk({ aggregate: { op: 'min', column: 'Founded' } })).aggregate).toMatchObject({ value: earliest.text, skipped: 0 })
    expect((await planOk({ aggregate: { op: 'max', column: 'Founded' } })).aggregate).toMatchObject({ value: latest.text })
  })

  it('reports a count after each top-level condition, and plain criteria', async () => {
    const first: Condition = { column: 'Country', op: 'equals', value: 'Germany' }
    const second: Condition = { column: 'Score', op: 'greater_than', value: '50' }
    const result = await planOk({ where: { all: [first, second] } })
    expect(result.steps).toEqual([
      { description: 'All rows in the file', count: ROWS },
      { description: 'Country is "Germany".', count: matching(first).length },
      { description: 'Score is greater than "50".', count: matching({ all: [first, second] }).length },
    ])
    expect(result.criteria).toEqual(['Country is "Germany".', 'Score is greater than "50".'])
  })
})

describe('refusals', () => {
  it('names the columns when a plan names one that does not exist', async () => {
    const res = await runPlan({ where: { column: 'Revenue Band', op: 'equals', value: 'x' } })
    expect(res.status).toBe(422)
    const error = await errorOf(res)
    expect(error.message).toContain("There is no column named 'Revenue Band'")
    expect(error.message).toContain('Employees')
    expect(error.details).toMatchObject({ columns: expect.arrayContaining(['Name', 'Segment']) })
  })

  it('refuses a word to compare a number column with, and a malformed plan', async () => {
    expect((await runPlan({ where: { column: 'Score', op: 'greater_than', value: 'high' } })).status).toBe(422)
    const malformed = await alice.request(`/api/uploads/${leadsId}/chat/plan`, { method: 'POST', json: { plan: { where: { column: 'Score', op: 'like', value: '1' } } } })
    expect(malformed.status).toBe(422)
    const noValue = await alice.request(`/api/uploads/${leadsId}/chat/plan`, { method: 'POST', json: { plan: { where: { column: 'Score', op: 'equals' } } } })
    expect(noValue.status).toBe(422)
  })

  it("never runs a plan over another user's file", async () => {
    const res = await runPlan({ aggregate: { op: 'count' } }, bob)
    expect(res.status).toBe(404)
    expect((await errorOf(res)).message).toBe(UPLOAD_NOT_FOUND)
  })
})
