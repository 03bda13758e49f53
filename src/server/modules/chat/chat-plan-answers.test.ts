import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseNumber } from '#common/cell-values'
import { evaluateFormula } from '#common/formula/evaluate'
import { parseFormula } from '#common/formula/parse'
import { percentileOf } from '#common/formula/percentile'
import { todayKey } from '#common/formula/values'
import { askChatResponseSchema, type AskChatResponse, type ChatModelAnswer } from '#common/schemas/chat'
import { planResultSchema, type AggregateResult, type Condition, type Plan, type PlanResult } from '#common/schemas/plans'
import { rowsPageSchema, rowViewSearchParams, type RowSort } from '#common/schemas/rows'
import type { UploadColumn } from '#common/schemas/uploads'
import { readJson } from '#server/test/contract'
import { startFakeAiServer, type FakeAiAnswerContext, type FakeAiServer } from '#server/test/fake-ai-server'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { csvOf, getUploadDetail, importCsv } from '#server/test/upload-helpers'
import { PLAN_PROMPT_MARKER } from './lib/chat-prompts.ts'

/**
 * Issue 44, the plans' part: values sent as JSON numbers and booleans, ties in file order both
 * ways, medians and percentiles, exact case when asked, and one group's figure as the answer, run
 * through `POST /api/uploads/:id/chat/plan`. The test works every answer out itself from the rows
 * it generated.
 */

let t: TestApp
let fake: FakeAiServer
let alice: TestBrowser
let uploadId: string
let columns: UploadColumn[]

const ROWS = 180
const brands = ['Hacendado', 'hacendado', 'HACENDADO', 'Bosque Verde', 'bosque verde', 'Deliplus', '']

/** Product, Brand (one name in three cases), Price (number, ties, empty), Reviews (text numbers with ties, 'n/a', empty), Organic (yes/no). */
function product(i: number): string[] {
  const price = i % 29 === 4 ? '' : String(((i * 37) % 60) + 0.5 * (i % 3))
  const reviews = i % 17 === 2 ? 'n/a' : i % 19 === 5 ? '' : String((i * 13) % 40)
  return [`Product ${String(i).padStart(3, '0')}`, brands[i % brands.length]!, price, reviews, i % 4 === 0 ? 'true' : 'false']
}
const header = ['Product', 'Brand', 'Price', 'Reviews', 'Organic']
const rows = Array.from({ length: ROWS }, (_, i) => product(i))
const cell = (i: number, name: string) => rows[i]![header.indexOf(name)]!
const indexesWhere = (test: (i: number) => boolean) => rows.flatMap((_, i) => (test(i) ? [i] : []))
const numberOf = (i: number, name: string) => (cell(i, name).trim() === '' ? null : parseNumber(cell(i, name).trim()))

async function runBody(body: unknown) {
  return alice.request(`/api/uploads/${uploadId}/chat/plan`, { method: 'POST', json: body })
}
async function planOk(plan: Plan | Record<string, unknown>): Promise<PlanResult> {
  const res = await runBody({ plan })
  expect(res.status, await res.clone().text()).toBe(200)
  return readJson(res, planResultSchema)
}

/** What the fake model answers a plan request with; a summary request gets one that states no figure, so the answer's own sentence is kept. */
let planAnswer: ChatModelAnswer = { kind: 'plan', plan: {}, reasoning: 'All rows', confidence: 0.8 }
function modelAnswer(call: FakeAiAnswerContext) {
  const system = call.messages.find((m) => m.role === 'system')?.content ?? ''
  return system.startsWith(PLAN_PROMPT_MARKER) ? planAnswer : { summary: 'Here is the figure.' }
}

beforeAll(async () => {
  fake = await startFakeAiServer()
  fake.reset({ answer: modelAnswer })
  t = await createTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.openaiBaseURL, AI_MODEL: 'fake-model' }, { withWorkers: true })
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
  await t.startTrial(alice)
  uploadId = await importCsv(alice, 'products.csv', csvOf(header, rows))
  columns = (await getUploadDetail(alice, uploadId)).columns as UploadColumn[]
}, 120_000)
afterAll(async () => {
  await t?.close()
  await fake?.stop()
})

/** A Magic Chat question the fake model answers with `plan`: the answer, and the plan prompt the model was sent. */
async function askWith(plan: Plan, query: string): Promise<{ reply: AskChatResponse; prompt: string }> {
  planAnswer = { kind: 'plan', plan, reasoning: 'From the question', confidence: 0.9 }
  fake.reset({ answer: modelAnswer })
  const res = await alice.request(`/api/uploads/${uploadId}/chat`, { method: 'POST', json: { query } })
  expect(res.status, await res.clone().text()).toBe(200)
  const prompt = fake.calls.flatMap((call) => call.messages).find((m) => m.role === 'system' && m.content.startsWith(PLAN_PROMPT_MARKER))!.content
  return { reply: await readJson(res, askChatResponseSchema), prompt }
}

describe('numbers as numbers', () => {
  it('accepts a value sent as a JSON number and compares it as the same number written as text', async () => {
    const asNumber = await planOk({ where: { column: 'Price', op: 'greater_than', value: 40 }, limit: 1000 })
    const asText = await planOk({ where: { column: 'Price', op: 'greater_than', value: '40' }, limit: 1000 })
    const expected = indexesWhere((i) => (numberOf(i, 'Price') ?? -Infinity) > 40)
    expect(expected.length).toBeGreaterThan(0)
    expect(asNumber.rowIndexes).toEqual(expected)
    expect(asText.rowIndexes).toEqual(expected)
    expect(asNumber.criteria).toEqual(asText.criteria)
  })

  it('accepts numbers in lists and between, a boolean value, and a number to compare a figure with', async () => {
    const inList = await planOk({ where: { column: 'Reviews', op: 'in', values: [0, 13, '26'] }, limit: 1000 })
    expect(inList.rowIndexes).toEqual(indexesWhere((i) => [0, 13, 26].includes(numberOf(i, 'Reviews') ?? -1)))
    const between = await planOk({ where: { column: 'Price', op: 'between', values: [10.5, 20] }, limit: 1000 })
    expect(between.rowIndexes).toEqual(indexesWhere((i) => { const p = numberOf(i, 'Price'); return p !== null && p >= 10.5 && p <= 20 }))
    const organic = await planOk({ where: { column: 'Organic', op: 'equals', value: true }, limit: 1000 })
    expect(organic.rowIndexes).toEqual(indexesWhere((i) => i % 4 === 0))
    const total = indexesWhere(() => true).reduce((sum, i) => sum + (numberOf(i, 'Price') ?? 0), 0)
    const compared = await planOk({ aggregate: { op: 'sum', column: 'Price', compare: { op: 'greater_than', value: total - 1 } } })
    expect(compared.aggregate).toMatchObject({ op: 'sum', answer: true, compare: { op: 'greater_than', value: String(total - 1) } })
  })

  it('refuses a body naming the field and what it expected, not another branch of the union', async () => {
    const object = await runBody({ plan: { where: { all: [{ column: 'Price', op: 'greater_than', value: { amount: 4 } }] } } })
    expect(object.status).toBe(422)
    expect((await errorOf(object)).message).toBe('plan.where.all.0.value: Invalid input: expected string, number or boolean')
    const op = await runBody({ plan: { aggregate: { op: 'mode', column: 'Price' } } })
    expect(op.status).toBe(422)
    const message = (await errorOf(op)).message
    expect(message).toMatch(/^plan\.aggregate\.op: Invalid option: expected one of /)
    for (const known of ['"count"', '"count_by"', '"sum"', '"group_by"']) expect(message).toContain(known)
  })
})

// ---- Ties ----------------------------------------------------------------------------------------

const keyOf = (name: string) => columns.find((c) => c.name === name)!.key
const brandKey = (i: number) => (cell(i, 'Brand').trim() === '' ? null : cell(i, 'Brand').trim().toLowerCase())

/** Values in the sort's direction, tied ones (and the empty ones, last) in file order whichever the direction. */
function expectedOrder(valueOf: (i: number) => number | string | null, direction: 'asc' | 'desc') {
  const sign = direction === 'asc' ? 1 : -1
  const valued = indexesWhere((i) => valueOf(i) !== null).sort((a, b) => {
    const [x, y] = [valueOf(a)!, valueOf(b)!]
    return x < y ? -sign : x > y ? sign : a - b
  })
  return [...valued, ...indexesWhere((i) => valueOf(i) === null)]
}

async function gridOrder(sort: RowSort, perPage: number) {
  const pageOf = async (page: number) => {
    const query = { ...Object.fromEntries(rowViewSearchParams({ filters: [], sort })), page: String(page), perPage: String(perPage) }
    return readJson(await alice.api.uploads[':id'].rows.$get({ param: { id: uploadId }, query }), rowsPageSchema)
  }
  const first = await pageOf(1)
  const indexes = first.data.map((row) => row.rowIndex)
  // The later pages are read from the far end of the order: the ties must read the same from there.
  for (let n = 2; n <= first.totalPages; n += 1) indexes.push(...(await pageOf(n)).data.map((row) => row.rowIndex))
  return indexes
}

describe('ties keep file order both ways', () => {
  it('in the grid, page by page, for a number and a text column', async () => {
    for (const direction of ['asc', 'desc'] as const) {
      expect(await gridOrder({ column: keyOf('Price'), direction }, 25)).toEqual(expectedOrder((i) => numberOf(i, 'Price'), direction))
      expect(await gridOrder({ column: keyOf('Brand'), direction }, 10)).toEqual(expectedOrder(brandKey, direction))
    }
  })

  it('in plans: the top rows of a descending sort are the first of the tied rows in the file', async () => {
    for (const direction of ['asc', 'desc'] as const) {
      const byPrice = await planOk({ sort: { column: 'Price', direction }, limit: 7 })
      const expected = expectedOrder((i) => numberOf(i, 'Price'), direction)
      expect(byPrice.rowIndexes).toEqual(expected)
      expect(byPrice.rows.map((row) => row.rowIndex)).toEqual(expected.slice(0, 7))
      const byBrand = await planOk({ sort: { column: 'Brand', direction }, limit: 3 })
      expect(byBrand.rowIndexes).toEqual(expectedOrder(brandKey, direction))
      const byFormula = await planOk({ sort: { formula: 'LOWER({Brand})', direction }, limit: 3 })
      expect(byFormula.rowIndexes).toEqual(expectedOrder(brandKey, direction))
    }
    // The four highest prices among tied ones: the earlier rows.
    const top = await planOk({ sort: { column: 'Price', direction: 'desc' }, limit: 4 })
    const highest = numberOf(top.rows[0]!.rowIndex, 'Price')
    expect(indexesWhere((i) => numberOf(i, 'Price') === highest).length).toBeGreaterThan(1)
  })

  it('in exports of a sorted view', async () => {
    for (const direction of ['asc', 'desc'] as const) {
      const res = await alice.request(`/api/uploads/${uploadId}/exports`, {
        method: 'POST',
        json: { format: 'json', scope: 'view', view: { filters: [], sort: { column: keyOf('Brand'), direction } }, columns: [keyOf('Product')] },
      })
      expect(res.status, res.ok ? '' : await res.clone().text()).toBe(200)
      const exported = (await res.json()) as Array<{ Product: string }>
      expect(exported.map((row) => row.Product)).toEqual(expectedOrder(brandKey, direction).map((i) => cell(i, 'Product')))
    }
  })
})

// ---- Medians and percentiles -----------------------------------------------------------------------

const fold = (text: string) => text.trim().normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
const isUnreadable = (text: string) => text.trim() !== '' && parseNumber(text.trim()) === null
const numbersOf = (indexes: number[], name: string) => indexes.map((i) => numberOf(i, name)).filter((n): n is number => n !== null)

/** A number formula's value for each row, by the reference evaluator. */
function formulaValues(formula: string): Array<number | null> {
  const parsed = parseFormula(formula, columns)
  if (!parsed.ok) throw new Error(parsed.error.message)
  return rows.map((row, i) => {
    const cells = Object.fromEntries(header.map((name, j) => [keyOf(name), row[j]!]))
    const value = evaluateFormula(parsed.ast, { cells, rowNumber: i + 1 }, { today: todayKey() })
    return typeof value === 'number' ? value : null
  })
}
function groupsOf(aggregate: AggregateResult | null) {
  if (aggregate?.op !== 'group_by') throw new Error(`not a group_by: ${JSON.stringify(aggregate)}`)
  return aggregate
}

describe('medians and percentiles', () => {
  it('computes the median and percentiles of a number column exactly, as percentile_cont interpolates', async () => {
    const prices = numbersOf(indexesWhere(() => true), 'Price')
    const median = await planOk({ aggregate: { op: 'median', column: 'Price' } })
    expect(median.aggregate).toEqual({ op: 'median', column: 'Price', value: percentileOf(prices, 0.5), skipped: 0 })
    for (const fraction of [0, 0.1, 0.25, 0.9, 0.975, 1]) {
      const result = await planOk({ aggregate: { op: 'percentile', fraction, column: 'Price' } })
      expect(result.aggregate).toEqual({ op: 'percentile', column: 'Price', fraction, value: percentileOf(prices, fraction), skipped: 0 })
    }
    expect(percentileOf(prices, 0)).toBe(Math.min(...prices))
  })

  it('skips the values that are not numbers, within a condition, and answers a yes/no question', async () => {
    const within = indexesWhere((i) => fold(cell(i, 'Brand')) === 'hacendado')
    const reviews = numbersOf(within, 'Reviews')
    const where = { column: 'Brand', op: 'equals', value: 'hacendado' } as const
    const result = await planOk({ where, aggregate: { op: 'percentile', fraction: 0.9, column: 'Reviews' } })
    const skipped = within.filter((i) => isUnreadable(cell(i, 'Reviews'))).length
    expect(skipped).toBeGreaterThan(0)
    expect(result.aggregate).toEqual({ op: 'percentile', column: 'Reviews', fraction: 0.9, value: percentileOf(reviews, 0.9), skipped })
    const compared = await planOk({ where, aggregate: { op: 'median', column: 'Reviews', compare: { op: 'at_least', value: 20 } } })
    expect(compared.aggregate).toMatchObject({ op: 'median', value: percentileOf(reviews, 0.5), answer: percentileOf(reviews, 0.5)! >= 20 })
    const none = await planOk({ where: { column: 'Product', op: 'equals', value: 'nothing' }, aggregate: { op: 'median', column: 'Price' } })
    expect(none.aggregate).toMatchObject({ op: 'median', value: null })
  })

  it('computes a formula\'s median against the reference evaluator', async () => {
    const formula = 'NUMBER({Price}) * 1.1 + NUMBER({Reviews}) / 3'
    const values = formulaValues(formula).filter((v): v is number => v !== null)
    const result = await planOk({ aggregate: { op: 'median', formula } })
    expect(result.aggregate).toMatchObject({ op: 'median', column: formula, value: percentileOf(values, 0.5) })
  })

  it('gives each group its median and percentile, ordered by the first measure', async () => {
    const formula = 'NUMBER({Reviews}) * 2'
    const perRow = formulaValues(formula)
    const result = await planOk({
      aggregate: { op: 'group_by', column: 'Brand', measures: [{ op: 'median', column: 'Price' }, { op: 'percentile', fraction: 0.75, formula }, { op: 'count' }] },
    })
    const groups = groupsOf(result.aggregate)
    expect(groups.measures).toEqual([{ op: 'median', column: 'Price' }, { op: 'percentile', column: formula, fraction: 0.75 }, { op: 'count', column: null }])
    const byBrand = new Map<string, number[]>()
    for (let i = 0; i < ROWS; i += 1) byBrand.set(fold(cell(i, 'Brand')), [...(byBrand.get(fold(cell(i, 'Brand'))) ?? []), i])
    const expected = [...byBrand.entries()]
      .map(([brand, members]) => ({ brand, members, median: percentileOf(numbersOf(members, 'Price'), 0.5) }))
      .sort((a, b) => (b.median ?? -Infinity) - (a.median ?? -Infinity) || (a.brand < b.brand ? -1 : 1))
    expect(groups.groups.map((g) => fold(g.value))).toEqual(expected.map((e) => e.brand))
    for (const [i, group] of groups.groups.entries()) {
      const { members, median } = expected[i]!
      const formulaFigure = percentileOf(members.map((m) => perRow[m]).filter((v): v is number => v !== null && v !== undefined), 0.75)
      expect(group.count).toBe(members.length)
      expect(group.measures.map((m) => m.value)).toEqual([median, formulaFigure, members.length])
    }
  })

  it('is told to Magic Chat\'s model, whose percentile plan is answered exactly and headlined in words', async () => {
    const { reply, prompt } = await askWith({ aggregate: { op: 'percentile', fraction: 0.9, column: 'Price' } }, 'What is the 90th percentile price?')
    expect(prompt).toContain('"median"')
    expect(prompt).toContain('{"op":"percentile","fraction":<0 to 1>,"column"}')
    const value = percentileOf(numbersOf(indexesWhere(() => true), 'Price'), 0.9)!
    expect(reply.answer.result!.data.aggregate).toEqual({ op: 'percentile', column: 'Price', fraction: 0.9, value, skipped: 0 })
    expect(reply.answer.result!.data.summary).toMatch(/^The 90th percentile of Price is /)
  })

  it('refuses a fraction outside 0..1 naming the field, and a median of dates or words', async () => {
    const outside = await runBody({ plan: { aggregate: { op: 'percentile', fraction: 90, column: 'Price' } } })
    expect(outside.status).toBe(422)
    expect((await errorOf(outside)).message).toBe('plan.aggregate.fraction: A percentile is a fraction from 0 to 1 (0.9 for the 90th).')
    const word = await runBody({ plan: { aggregate: { op: 'median', column: 'Price', compare: { op: 'at_least', value: 'lots' } } } })
    expect(word.status).toBe(422)
  })
})

// ---- Exact case when asked ---------------------------------------------------------------------------

const exactText = (i: number, name: string) => cell(i, name).trim()

describe('exact case when asked', () => {
  it('compares text as written with caseSensitive, and ignoring case without it', async () => {
    const cases: Array<[Record<string, unknown>, (i: number) => boolean]> = [
      [{ column: 'Brand', op: 'equals', value: 'Hacendado', caseSensitive: true }, (i) => exactText(i, 'Brand') === 'Hacendado'],
      [{ column: 'Brand', op: 'equals', value: 'Hacendado' }, (i) => fold(cell(i, 'Brand')) === 'hacendado'],
      [{ column: 'Brand', op: 'not_equals', value: 'hacendado', caseSensitive: true }, (i) => exactText(i, 'Brand') !== 'hacendado'],
      [{ column: 'Brand', op: 'contains', value: 'Verde', caseSensitive: true }, (i) => exactText(i, 'Brand').includes('Verde')],
      [{ column: 'Brand', op: 'not_contains', value: 'verde', caseSensitive: true }, (i) => !exactText(i, 'Brand').includes('verde')],
      [{ column: 'Brand', op: 'starts_with', value: 'HAC', caseSensitive: true }, (i) => exactText(i, 'Brand').startsWith('HAC')],
      [{ column: 'Brand', op: 'ends_with', value: 'ado ', caseSensitive: true }, (i) => exactText(i, 'Brand').endsWith('ado')],
      [{ column: 'Brand', op: 'in', values: ['HACENDADO', 'Deliplus'], caseSensitive: true }, (i) => ['HACENDADO', 'Deliplus'].includes(exactText(i, 'Brand'))],
      [{ formula: 'CONCAT({Brand}, "!")', op: 'equals', value: 'hacendado!', caseSensitive: true }, (i) => `${exactText(i, 'Brand')}!` === 'hacendado!'],
      [{ formula: 'EXACT({Brand}, "Bosque Verde")', op: 'equals', value: 'true' }, (i) => exactText(i, 'Brand') === 'Bosque Verde'],
    ]
    for (const [where, holds] of cases) {
      const result = await planOk({ where, limit: 1000 })
      const expected = indexesWhere(holds)
      expect(expected.length, JSON.stringify(where)).toBeGreaterThan(0)
      expect(expected.length, JSON.stringify(where)).toBeLessThan(ROWS)
      expect(result.rowIndexes, JSON.stringify(where)).toEqual(expected)
    }
    const described = await planOk({ where: { column: 'Brand', op: 'equals', value: 'Hacendado', caseSensitive: true } })
    expect(described.criteria).toEqual(['Brand is "Hacendado" (exact case).'])
  })

  it('still compares a number as a number, and counts exact groups apart from folded ones', async () => {
    const numeric = await planOk({ where: { column: 'Reviews', op: 'equals', value: '13', caseSensitive: true }, limit: 1000 })
    expect(numeric.rowIndexes).toEqual(indexesWhere((i) => numberOf(i, 'Reviews') === 13))
    const exactCount = await planOk({ where: { column: 'Brand', op: 'equals', value: 'hacendado', caseSensitive: true }, aggregate: { op: 'count' } })
    expect(exactCount.aggregate).toEqual({ op: 'count', column: null, value: indexesWhere((i) => exactText(i, 'Brand') === 'hacendado').length })
  })

  it('is told to Magic Chat\'s model, whose exact-case plan is answered with its criterion', async () => {
    const { reply, prompt } = await askWith({ where: { column: 'Brand', op: 'equals', value: 'Hacendado', caseSensitive: true } }, 'How many products are of the brand "Hacendado", exactly as written?')
    expect(prompt).toContain('"caseSensitive": true')
    expect(prompt).toContain('EXACT(a, b)')
    expect(reply.answer.result!.data.count).toBe(indexesWhere((i) => exactText(i, 'Brand') === 'Hacendado').length)
    expect(reply.answer.result!.data.filter_criteria).toEqual(['Brand is "Hacendado" (exact case).'])
  })
})

// ---- One group, one figure -------------------------------------------------------------------------

describe('one group, one figure', () => {
  /** Brands folded, with their rows, largest first and ties by value (as count_by orders them). */
  function brandGroups() {
    const groups = new Map<string, number[]>()
    for (let i = 0; i < ROWS; i += 1) groups.set(fold(cell(i, 'Brand')), [...(groups.get(fold(cell(i, 'Brand'))) ?? []), i])
    return [...groups.entries()].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1))
  }

  it('headlines the one group of a count_by limited to one: its name and rows beside the groups', async () => {
    const [top] = brandGroups()
    const result = await planOk({ aggregate: { op: 'count_by', column: 'Brand', limit: 1 } })
    expect(result.aggregate).toMatchObject({ op: 'count_by', column: 'Brand', value: top![1].length, otherGroups: brandGroups().length - 1 })
    const aggregate = result.aggregate as { group: string; groups: Array<{ value: string; count: number }> }
    expect(fold(aggregate.group)).toBe(top![0])
    expect(aggregate.groups).toEqual([{ value: aggregate.group, count: top![1].length }])
    const two = await planOk({ aggregate: { op: 'count_by', column: 'Brand', limit: 2 } })
    expect(two.aggregate).not.toHaveProperty('value')
    expect(two.aggregate).not.toHaveProperty('group')
  })

  it("headlines a group_by's first measure of its one group, smallest first when asked", async () => {
    const medians = brandGroups().map(([brand, members]) => ({ brand, median: percentileOf(numbersOf(members, 'Price'), 0.5)! }))
    const lowest = [...medians].sort((a, b) => a.median - b.median || (a.brand < b.brand ? -1 : 1))[0]!
    const result = await planOk({ aggregate: { op: 'group_by', column: 'Brand', measures: [{ op: 'median', column: 'Price' }, { op: 'count' }], limit: 1, direction: 'asc' } })
    const groups = groupsOf(result.aggregate)
    expect(groups.value).toBe(lowest.median)
    expect(fold(groups.group!)).toBe(lowest.brand)
    expect(groups.groups).toHaveLength(1)
  })

  it('is told to Magic Chat\'s model, whose one-group answer leads with the figure', async () => {
    const [top] = brandGroups()
    const { reply, prompt } = await askWith({ aggregate: { op: 'count_by', column: 'Brand', limit: 1 } }, 'How many products does the most common brand have?')
    expect(prompt).toContain('"limit": 1')
    const data = reply.answer.result!.data
    expect(data.aggregate).toMatchObject({ op: 'count_by', value: top![1].length })
    const group = (data.aggregate as { group: string }).group
    expect(data.summary).toBe(`Brand "${group}" has ${top![1].length} rows, over all ${ROWS} rows.`)
  })
})

// ---- A row against its column ----------------------------------------------------------------------

describe('a row against its column', () => {
  const everyRow = () => indexesWhere(() => true)
  const average = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length

  it('keeps the rows above the average, those equal to the maximum, and those under a percentile', async () => {
    const prices = numbersOf(everyRow(), 'Price')
    const mean = average(prices)
    const above = await planOk({ where: { column: 'Price', op: 'greater_than', figure: { op: 'avg', column: 'Price' } }, limit: 1000 })
    // The database adds numerics: the test's own average of halves is exact too.
    expect(above.rowIndexes).toEqual(indexesWhere((i) => (numberOf(i, 'Price') ?? -Infinity) > mean))
    expect(above.criteria).toEqual(['Price is greater than the average of Price (over every row).'])
    const highest = Math.max(...prices)
    const most = await planOk({ where: { column: 'Price', op: 'equals', figure: { op: 'max', column: 'Price' } }, limit: 1000 })
    expect(most.rowIndexes).toEqual(indexesWhere((i) => numberOf(i, 'Price') === highest))
    const p25 = percentileOf(prices, 0.25)!
    const under = await planOk({ where: { column: 'Price', op: 'at_most', figure: { op: 'percentile', fraction: 0.25, column: 'Price' } }, limit: 1000 })
    expect(under.rowIndexes).toEqual(indexesWhere((i) => (numberOf(i, 'Price') ?? Infinity) <= p25))
  })

  it('computes the figure over every row, whatever the other conditions keep, and reads formulas', async () => {
    const median = percentileOf(numbersOf(everyRow(), 'Reviews'), 0.5)!
    const where = { all: [{ column: 'Brand', op: 'equals', value: 'deliplus' }, { formula: 'NUMBER({Reviews})', op: 'at_least', figure: { op: 'median', column: 'Reviews' } }] }
    const result = await planOk({ where, aggregate: { op: 'count' }, limit: 1000 })
    const expected = indexesWhere((i) => fold(cell(i, 'Brand')) === 'deliplus' && (numberOf(i, 'Reviews') ?? -Infinity) >= median)
    expect(result.rowIndexes).toEqual(expected)
    expect(result.steps.map((step) => step.count)).toEqual([ROWS, indexesWhere((i) => fold(cell(i, 'Brand')) === 'deliplus').length, expected.length])
  })

  it('matches no row against a figure with no number, and not keeps them all', async () => {
    const none = await planOk({ where: { column: 'Price', op: 'less_than', figure: { op: 'avg', formula: 'NUMBER({Brand})' } }, limit: 1000 })
    expect(none.count).toBe(0)
    const negated = await planOk({ where: { not: { column: 'Price', op: 'less_than', figure: { op: 'avg', formula: 'NUMBER({Brand})' } } }, aggregate: { op: 'count' } })
    expect(negated.count).toBe(ROWS)
  })

  it('filters a grid view ("Show in table"), page by page, the figure computed when the view is read', async () => {
    const mean = average(numbersOf(everyRow(), 'Price'))
    const where: Condition = { all: [{ column: 'Price', op: 'greater_than', figure: { op: 'avg', column: 'Price' } }, { not: { column: 'Price', op: 'equals', figure: { op: 'max', column: 'Price' } } }] }
    const expected = indexesWhere((i) => (numberOf(i, 'Price') ?? -Infinity) > mean && numberOf(i, 'Price') !== Math.max(...numbersOf(everyRow(), 'Price')))
    const pageOf = async (page: number) => {
      const query = { ...Object.fromEntries(rowViewSearchParams({ filters: [], where })), page: String(page), perPage: '25' }
      const view = await alice.api.uploads[':id'].rows.$get({ param: { id: uploadId }, query })
      expect(view.status, await view.clone().text()).toBe(200)
      return readJson(view, rowsPageSchema)
    }
    const first = await pageOf(1)
    const shown = first.data.map((row) => row.rowIndex)
    for (let n = 2; n <= first.totalPages; n += 1) shown.push(...(await pageOf(n)).data.map((row) => row.rowIndex))
    expect(first.count).toBe(expected.length)
    expect(shown).toEqual(expected)
    const none = { ...Object.fromEntries(rowViewSearchParams({ filters: [], where: { column: 'Price', op: 'less_than', figure: { op: 'avg', formula: 'NUMBER({Brand})' } } })) }
    expect(await readJson(await alice.api.uploads[':id'].rows.$get({ param: { id: uploadId }, query: none }), rowsPageSchema)).toMatchObject({ count: 0 })
  })

  it('is told to Magic Chat\'s model, whose plan against a figure is answered exactly', async () => {
    const prices = numbersOf(everyRow(), 'Price')
    const { reply, prompt } = await askWith({ where: { column: 'Price', op: 'greater_than', figure: { op: 'avg', column: 'Price' } } }, 'Which products cost more than the average?')
    expect(prompt).toContain('"figure"')
    expect(reply.answer.result!.data.count).toBe(indexesWhere((i) => (numberOf(i, 'Price') ?? -Infinity) > average(prices)).length)
  })
})
