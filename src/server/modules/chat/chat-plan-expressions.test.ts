import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseNumber } from '#common/cell-values'
import { evaluateFormula, evaluateFormulaText } from '#common/formula/evaluate'
import { parseFormula, type FormulaColumn } from '#common/formula/parse'
import { percentileOf } from '#common/formula/percentile'
import { readDate, todayKey } from '#common/formula/values'
import { chatModelAnswerSchema, askChatResponseSchema, type AskChatResponse, type ChatModelAnswer } from '#common/schemas/chat'
import { planResultSchema, type AggregateResult, type Condition, type Plan, type PlanResult } from '#common/schemas/plans'
import { readJson } from '#server/test/contract'
import { startFakeAiServer, type FakeAiAnswerContext, type FakeAiServer } from '#server/test/fake-ai-server'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { csvOf, importCsv } from '#server/test/upload-helpers'
import { PLAN_PROMPT_MARKER } from './lib/chat-prompts.ts'

/**
 * Issue 44, figures over figures: an expression over a plan's named measures (the range of ages,
 * the share of smokers, how far the top salary is above the average), each measure with a
 * condition of its own when asked, per group too, through `POST /api/uploads/:id/chat/plan` and
 * Magic Chat. Every answer is worked out here from the generated rows: the measures by the test's
 * own arithmetic, the expression by the reference evaluator (`#common/formula/evaluate`).
 */

let t: TestApp
let fake: FakeAiServer
let alice: TestBrowser
let uploadId: string

const ROWS = 240
const depts = ['Sales', 'sales', ' SALES ', 'Ops', 'R&D', '', 'ops']
const smokers = ['yes', 'no', 'No', 'YES', '', 'no']

/** Name; Dept (one name in several cases, empty); Age (ties, empty, a word); Salary (halves, empty, 'n/a'); Smoker (yes/no in any case, empty); Joined (dates, empty, a word). */
function person(i: number): string[] {
  const age = i % 23 === 3 ? '' : i % 31 === 7 ? 'unknown' : String(20 + ((i * 7) % 45))
  const salary = i % 13 === 5 ? '' : i % 37 === 9 ? 'n/a' : String(30000 + ((i * 53) % 40) * 500 + (i % 2) * 0.5)
  const day = new Date(Date.UTC(2020, 0, 1) + ((i * 11) % 900) * 86_400_000).toISOString().slice(0, 10)
  const joined = i % 17 === 4 ? '' : i % 41 === 6 ? 'soon' : day
  return [`Person ${i}`, depts[i % depts.length]!, age, salary, smokers[i % smokers.length]!, joined]
}
const header = ['Name', 'Dept', 'Age', 'Salary', 'Smoker', 'Joined']
const rows = Array.from({ length: ROWS }, (_, i) => person(i))
const cell = (i: number, name: string) => rows[i]![header.indexOf(name)]!
const fold = (text: string) => text.trim().normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
const every = Array.from({ length: ROWS }, (_, i) => i)

// ---- The reference -------------------------------------------------------------------------------

/** A measure as the test asks it: the plan's JSON and the same in TypeScript (`rows`: the rows its own condition keeps). */
type Asked = { plan: Record<string, unknown>; op: string; column?: string; fraction?: number; only?: (i: number) => boolean; date?: boolean; name?: string }

const numberOf = (i: number, column: string) => (cell(i, column).trim() === '' ? null : parseNumber(cell(i, column).trim()))
const isSkipped = (i: number, column: string) => cell(i, column).trim() !== '' && numberOf(i, column) === null
const dateKeyOf = (i: number) => readDate(cell(i, 'Joined').trim() || null, null)
const keyText = (key: number) => `${String(Math.trunc(key / 10000)).padStart(4, '0')}-${String(Math.trunc(key / 100) % 100).padStart(2, '0')}-${String(key % 100).padStart(2, '0')}`

/** A measure's figure over some rows, worked out here: the value and the values skipped. */
function reference(asked: Asked, indexes: readonly number[]): { value: number | string | null; skipped: number } {
  const kept = indexes.filter((i) => asked.only?.(i) ?? true)
  if (asked.op === 'count') return { value: kept.length, skipped: 0 }
  if (asked.date) {
    const keys = kept.map(dateKeyOf).filter((k): k is number => k !== null)
    const key = keys.length === 0 ? null : asked.op === 'min' ? Math.min(...keys) : Math.max(...keys)
    return { value: key === null ? null : keyText(key), skipped: kept.filter((i) => cell(i, 'Joined').trim() !== '' && dateKeyOf(i) === null).length }
  }
  const column = asked.column!
  const values = kept.map((i) => numberOf(i, column)).filter((v): v is number => v !== null)
  const skipped = kept.filter((i) => isSkipped(i, column)).length
  const sum = values.reduce((a, b) => a + b, 0)
  const value: Record<string, () => number | null> = {
    sum: () => (values.length === 0 ? null : sum),
    avg: () => (values.length === 0 ? null : sum / values.length),
    min: () => (values.length === 0 ? null : Math.min(...values)),
    max: () => (values.length === 0 ? null : Math.max(...values)),
    median: () => percentileOf(values, 0.5),
    percentile: () => percentileOf(values, asked.fraction!),
    count_distinct: () => new Set(kept.map((i) => cell(i, column)).filter((v) => v.trim() !== '').map(fold)).size,
  }
  return { value: value[asked.op]!(), skipped: asked.op === 'count_distinct' ? 0 : skipped }
}

/** The expression over figures, by the reference evaluator: a number, or text as a formula column writes it. */
function evaluateOver(expression: string, measures: readonly Asked[], figures: ReadonlyArray<number | string | null>): number | string | null {
  const named: FormulaColumn[] = measures.flatMap((m, i) => (m.name ? [{ key: `m${i}`, name: m.name, type: m.date ? ('date' as const) : ('number' as const) }] : []))
  const parsed = parseFormula(expression, named, { measures: true })
  if (!parsed.ok) throw new Error(parsed.error.message)
  const cells = Object.fromEntries(figures.map((figure, i) => [`m${i}`, figure === null ? null : String(figure)]))
  if (parsed.type === 'number') {
    const value = evaluateFormula(parsed.ast, { cells, rowNumber: 1 }, { today: todayKey() })
    return typeof value === 'number' ? value : null
  }
  return evaluateFormulaText(parsed.ast, { cells, rowNumber: 1 }, { today: todayKey() })
}

const measure = (op: string, rest: Omit<Asked, 'plan' | 'op'> & { where?: Condition; formula?: string } = {}): Asked => {
  const { only, date, where, formula, ...shown } = rest
  const plan: Record<string, unknown> = { op, ...shown, ...(formula ? { formula } : {}), ...(where ? { where } : {}) }
  if (formula) delete plan.column
  return { plan, op, ...shown, ...(only ? { only } : {}), ...(date ? { date } : {}) }
}

// ---- Running plans -------------------------------------------------------------------------------

async function runBody(body: unknown) {
  return alice.request(`/api/uploads/${uploadId}/chat/plan`, { method: 'POST', json: body })
}
async function planOk(plan: Plan | Record<string, unknown>): Promise<PlanResult> {
  const res = await runBody({ plan })
  expect(res.status, await res.clone().text()).toBe(200)
  return readJson(res, planResultSchema)
}
function expressionOf(aggregate: AggregateResult | null) {
  if (aggregate?.op !== 'expression') throw new Error(`not an expression: ${JSON.stringify(aggregate)}`)
  return aggregate
}
function groupsOf(aggregate: AggregateResult | null) {
  if (aggregate?.op !== 'group_by') throw new Error(`not a group_by: ${JSON.stringify(aggregate)}`)
  return aggregate
}

/** Runs an expression plan and checks every figure against the reference, over the rows `where` keeps. */
async function expectExpression(expression: string, measures: Asked[], where?: { plan: Condition; test: (i: number) => boolean }) {
  const result = await planOk({ ...(where ? { where: where.plan } : {}), aggregate: { op: 'expression', expression, measures: measures.map((m) => m.plan) } })
  const matched = every.filter((i) => where?.test(i) ?? true)
  const figures = measures.map((m) => reference(m, matched))
  const answer = expressionOf(result.aggregate)
  expect(answer.measures.map((m) => ({ value: m.value, skipped: m.skipped }))).toEqual(figures)
  expect(answer.measures.map((m) => m.name)).toEqual(measures.map((m) => m.name))
  const value = evaluateOver(expression, measures, figures.map((f) => f.value))
  expect(answer.value).toEqual(value)
  return { answer, result, value }
}

/** What the fake model answers a plan request with; a summary request gets one that states no figure. */
let planAnswer: ChatModelAnswer = { kind: 'plan', plan: {}, reasoning: 'All rows', confidence: 0.8 }
function modelAnswer(call: FakeAiAnswerContext) {
  const system = call.messages.find((m) => m.role === 'system')?.content ?? ''
  return system.startsWith(PLAN_PROMPT_MARKER) ? planAnswer : { summary: 'Here is the figure.' }
}
async function askWith(plan: Plan, query: string): Promise<{ reply: AskChatResponse; prompt: string }> {
  planAnswer = chatModelAnswerSchema.parse({ kind: 'plan', plan, reasoning: 'From the question', confidence: 0.9 })
  fake.reset({ answer: modelAnswer })
  const res = await alice.request(`/api/uploads/${uploadId}/chat`, { method: 'POST', json: { query } })
  expect(res.status, await res.clone().text()).toBe(200)
  const prompt = fake.calls.flatMap((call) => call.messages).find((m) => m.role === 'system' && m.content.startsWith(PLAN_PROMPT_MARKER))!.content
  return { reply: await readJson(res, askChatResponseSchema), prompt }
}

beforeAll(async () => {
  fake = await startFakeAiServer()
  fake.reset({ answer: modelAnswer })
  t = await createTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.openaiBaseURL, AI_MODEL: 'fake-model' }, { withWorkers: true })
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
  await t.startTrial(alice)
  uploadId = await importCsv(alice, 'people.csv', csvOf(header, rows))
}, 120_000)
afterAll(async () => {
  await t?.close()
  await fake?.stop()
})

const isSmoker = (i: number) => fold(cell(i, 'Smoker')) === 'yes'
const smokerWhere: Condition = { column: 'Smoker', op: 'equals', value: 'yes' }
const inSales = { plan: { column: 'Dept', op: 'equals', value: 'sales' } as Condition, test: (i: number) => fold(cell(i, 'Dept')) === 'sales' }

describe('figures over figures', () => {
  it('answers the range of ages (the maximum minus the minimum), skipping the word among them', async () => {
    const measures = [measure('max', { column: 'Age', name: 'Oldest' }), measure('min', { column: 'Age', name: 'Youngest' })]
    const { answer, value } = await expectExpression('{Oldest} - {Youngest}', measures)
    expect(value).toBeGreaterThan(0)
    expect(answer.measures[0]!.skipped).toBeGreaterThan(0)
    expect(answer).toMatchObject({ op: 'expression', column: '{Oldest} - {Youngest}', measures: [{ op: 'max', column: 'Age', name: 'Oldest' }, { op: 'min', column: 'Age', name: 'Youngest' }] })
  })

  it('answers the share of smokers: a count with a condition of its own over a count, within the plan\'s conditions', async () => {
    const measures = [measure('count', { name: 'Smokers', where: smokerWhere, only: isSmoker }), measure('count', { name: 'People' })]
    const all = await expectExpression('{Smokers} / {People}', measures)
    expect(all.value).toBeGreaterThan(0)
    const sales = await expectExpression('ROUND(100 * {Smokers} / {People}, 1)', measures, inSales)
    expect(sales.result.count).toBe(every.filter(inSales.test).length)
  })

  it('answers how far the top salary is above the average, and the median of one group against another', async () => {
    await expectExpression('{Top} - {Mean}', [measure('max', { column: 'Salary', name: 'Top' }), measure('avg', { column: 'Salary', name: 'Mean' })])
    await expectExpression('{Smokers median} - {Others median}', [
      measure('median', { column: 'Salary', name: 'Smokers median', where: smokerWhere, only: isSmoker }),
      measure('median', { column: 'Salary', name: 'Others median', where: { not: smokerWhere }, only: (i) => !isSmoker(i) }),
    ])
    await expectExpression('{P90} / {P10}', [measure('percentile', { fraction: 0.9, column: 'Salary', name: 'P90' }), measure('percentile', { fraction: 0.1, column: 'Salary', name: 'p10' })])
  })

  it('gives an empty figure, not an error, for a division by zero and for a measure over no rows', async () => {
    const nobody: Condition = { column: 'Dept', op: 'equals', value: 'nobody' }
    const byZero = await expectExpression('{Smokers} / {Nobody}', [measure('count', { name: 'Smokers', where: smokerWhere, only: isSmoker }), measure('count', { name: 'Nobody', where: nobody, only: () => false })])
    expect(byZero.answer.value).toBeNull()
    const empty = await expectExpression('{Mean} * 2', [measure('avg', { column: 'Salary', name: 'Mean', where: nobody, only: () => false })])
    expect(empty.answer.value).toBeNull()
    const noRows = await expectExpression('{People} - {Mean}', [measure('count', { name: 'People' }), measure('avg', { column: 'Age', name: 'Mean' })], { plan: nobody, test: () => false })
    expect(noRows.answer.measures[0]!.value).toBe(0)
    expect(noRows.answer.value).toBeNull()
  })

  it('reads dates (days between the first and the last to join), text and yes/no answers', async () => {
    const dates = [measure('min', { formula: 'DATE({Joined})', name: 'First', date: true }), measure('max', { formula: 'DATE({Joined})', name: 'Last', date: true })]
    const days = await expectExpression('DAYS_BETWEEN({First}, {Last})', dates)
    expect(days.value).toBeGreaterThan(800)
    await expectExpression('{Last}', dates)
    await expectExpression('"from " & {First} & " to " & {Last}', dates)
    const more = await expectExpression('{Smokers} > {People} / 2', [measure('count', { name: 'Smokers', where: smokerWhere, only: isSmoker }), measure('count', { name: 'People' })])
    expect(more.answer.answer).toBe(more.value === 'true')
  })

  it('lets a measure\'s own condition compare rows with a figure of their column (the share above the average salary)', async () => {
    const salaries = every.map((i) => numberOf(i, 'Salary')).filter((v): v is number => v !== null)
    const mean = salaries.reduce((a, b) => a + b, 0) / salaries.length
    const above = (i: number) => (numberOf(i, 'Salary') ?? -Infinity) > mean
    const where: Condition = { column: 'Salary', op: 'greater_than', figure: { op: 'avg', column: 'Salary' } }
    const { value } = await expectExpression('{Above} / {People}', [measure('count', { name: 'Above', where, only: above }), measure('count', { name: 'People' })])
    expect(value).toBeGreaterThan(0)
  })

  it('computes the expression for each group, orders the groups by it both ways, and headlines one group', async () => {
    const measures = [measure('count', { name: 'Smokers', where: smokerWhere, only: isSmoker }), measure('count', { name: 'People' }), measure('avg', { column: 'Age', name: 'Mean age' })]
    const expression = '{Smokers} / {People}'
    const byDept = new Map<string, number[]>()
    for (const i of every) byDept.set(fold(cell(i, 'Dept')), [...(byDept.get(fold(cell(i, 'Dept'))) ?? []), i])
    const expected = [...byDept.entries()].map(([dept, members]) => {
      const figures = measures.map((m) => reference(m, members))
      return { dept, members, figures, value: evaluateOver(expression, measures, figures.map((f) => f.value)) as number | null }
    })
    for (const direction of ['desc', 'asc'] as const) {
      const result = await planOk({ aggregate: { op: 'group_by', column: 'Dept', measures: measures.map((m) => m.plan), expression, direction } })
      const groups = groupsOf(result.aggregate)
      const sign = direction === 'desc' ? -1 : 1
      const order = [...expected].sort((a, b) => (a.value === null ? 1 : b.value === null ? -1 : sign * (a.value - b.value)) || (a.dept < b.dept ? -1 : 1))
      expect(groups.expression).toBe(expression)
      expect(groups.measures.map((m) => m.name)).toEqual(['Smokers', 'People', 'Mean age'])
      expect(groups.groups.map((g) => fold(g.value))).toEqual(order.map((e) => e.dept))
      for (const [i, group] of groups.groups.entries()) {
        expect(group.count).toBe(order[i]!.members.length)
        expect(group.measures).toEqual(order[i]!.figures)
        expect(group.expression).toEqual(order[i]!.value)
      }
    }
    const top = await planOk({ aggregate: { op: 'group_by', column: 'Dept', measures: measures.map((m) => m.plan), expression, limit: 1 } })
    const best = [...expected].sort((a, b) => (b.value ?? -Infinity) - (a.value ?? -Infinity) || (a.dept < b.dept ? -1 : 1))[0]!
    expect(groupsOf(top.aggregate)).toMatchObject({ value: best.value, otherGroups: expected.length - 1 })
    expect(fold(groupsOf(top.aggregate).group!)).toBe(best.dept)
  })

  it('refuses an expression that does not check, naming the measure it likely means, ROW(), and two measures of one name', async () => {
    const measures = [{ op: 'max', column: 'Age', name: 'Oldest' }, { op: 'min', column: 'Age', name: 'Youngest' }]
    const typo = await runBody({ plan: { aggregate: { op: 'expression', expression: '{Oldest} - {Yongest}', measures } } })
    expect(typo.status).toBe(422)
    const error = await errorOf(typo)
    expect(error.message).toBe('The expression {Oldest} - {Yongest} does not work: character 12: no measure is named {Yongest}; did you mean {Youngest}?')
    expect(error.details).toEqual({ at: 11, expression: '{Oldest} - {Yongest}' })
    const column = await runBody({ plan: { aggregate: { op: 'expression', expression: '{Age} * 2', measures } } })
    expect((await errorOf(column)).message).toBe('The expression {Age} * 2 does not work: character 1: no measure is named {Age}.')
    const row = await runBody({ plan: { aggregate: { op: 'expression', expression: '{Oldest} + ROW()', measures } } })
    expect((await errorOf(row)).message).toBe('The expression {Oldest} + ROW() does not work: character 12: ROW() reads a row: an expression over measures has none.')
    const twice = await runBody({ plan: { aggregate: { op: 'expression', expression: '{Oldest}', measures: [measures[0], { ...measures[1], name: 'oldest' }] } } })
    expect([twice.status, (await errorOf(twice)).message]).toEqual([422, "Two measures are named 'oldest': give each its own name (names are matched without regard to case)."])
    const braces = await runBody({ plan: { aggregate: { op: 'expression', expression: '{a}', measures: [{ op: 'count', name: '{a}' }] } } })
    expect(braces.status).toBe(422)
  })
})

describe("figures over figures in Magic Chat", () => {
  it('are told to the model, whose plan is valid and answered exactly, with the figure first in the summary', async () => {
    const measures = [measure('count', { name: 'Smokers', where: smokerWhere, only: isSmoker }), measure('count', { name: 'People' })]
    const plan = { aggregate: { op: 'expression', expression: '{Smokers} / {People}', measures: measures.map((m) => m.plan) } } as Plan
    const { reply, prompt } = await askWith(plan, 'What share of people smoke?')
    expect(prompt).toContain('"op":"expression"')
    expect(prompt).toContain('"where"')
    const figures = measures.map((m) => reference(m, every))
    const value = evaluateOver('{Smokers} / {People}', measures, figures.map((f) => f.value)) as number
    expect(reply.answer.result!.data.aggregate).toMatchObject({ op: 'expression', value })
    expect(reply.answer.result!.data.summary).toBe(`{Smokers} / {People} is ${value.toLocaleString('en-US', { maximumFractionDigits: 2 })} (Smokers ${figures[0]!.value}, People ${figures[1]!.value}), over all ${ROWS} rows.`)
  })
})
