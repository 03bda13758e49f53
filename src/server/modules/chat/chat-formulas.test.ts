import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { parseNumber } from '#common/cell-values'
import { askChatResponseSchema, type AskChatResponse, type ChatModelAnswer } from '#common/schemas/chat'
import type { Plan } from '#common/schemas/plans'
import { startFakeAiServer, type FakeAiAnswerContext, type FakeAiServer } from '#server/test/fake-ai-server'
import { readJson } from '#server/test/contract'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { csvOf, importCsv } from '#server/test/upload-helpers'
import { callTuning } from '#server/modules/ai/retry-policy'
import { PLAN_PROMPT_MARKER, SUMMARY_PROMPT_MARKER } from './lib/chat-prompts.ts'

/**
 * Issue 32 in Magic Chat: the model is told the formula language, its formulas are computed by the
 * database, a grouped or yes/no answer comes back with its figures, a formula the conversation
 * needs again is offered as a column, and a formula that does not check is sent back once and
 * then reported with where it goes wrong.
 */

let t: TestApp
let fake: FakeAiServer
let alice: TestBrowser
let uploadId: string

const header = ['Company', 'Country', 'Revenue', 'Employees']
const rows = Array.from({ length: 30 }, (_, i) => [`Firm ${i}`, ['Spain', 'France', 'spain', 'Italy'][i % 4]!, i % 7 === 3 ? 'n/a' : `$${(i + 1) * 1000}`, String((i % 5) + 1)])
const revenueOf = (row: string[]) => parseNumber(row[2]!)

let planAnswer: () => ChatModelAnswer = () => ({ kind: 'plan', plan: {}, reasoning: 'All rows', confidence: 0.8 })

function answer(call: FakeAiAnswerContext) {
  const system = call.messages.find((m) => m.role === 'system')?.content ?? ''
  if (system.startsWith(PLAN_PROMPT_MARKER)) return planAnswer()
  // A summary with no number: kept, so the answer's figures are the plan's alone.
  if (system.startsWith(SUMMARY_PROMPT_MARKER)) return { summary: 'Here is the breakdown.' }
  throw new Error('unexpected call')
}

async function askOk(query: string): Promise<AskChatResponse> {
  const res = await alice.request(`/api/uploads/${uploadId}/chat`, { method: 'POST', json: { query } })
  expect(res.status, await res.clone().text()).toBe(200)
  return readJson(res, askChatResponseSchema)
}
const planCalls = () => fake.calls.filter((call) => call.messages.some((m) => m.content.startsWith(PLAN_PROMPT_MARKER)))

beforeAll(async () => {
  fake = await startFakeAiServer()
  t = await createTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.openaiBaseURL, AI_MODEL: 'fake-model' }, { withWorkers: true })
  callTuning.maxAttempts = 1
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
  await t.startTrial(alice)
  uploadId = await importCsv(alice, 'firms.csv', csvOf(header, rows))
  await alice.request(`/api/uploads/${uploadId}/chat`, { method: 'DELETE' })
}, 120_000)
afterAll(async () => {
  await t?.close()
  await fake?.stop()
})
beforeEach(() => fake.reset({ answer }))

const RATIO = 'NUMBER({Revenue}) / NUMBER({Employees})'

describe('Magic Chat with formulas', () => {
  it('tells the model the language and answers a grouped question with the computed figures', async () => {
    const plan: Plan = { aggregate: { op: 'group_by', column: 'Country', measures: [{ op: 'sum', column: 'Revenue' }] } }
    planAnswer = () => ({ kind: 'plan', plan, reasoning: 'Revenue per country', confidence: 0.9 })
    const { answer: reply } = await askOk('total revenue per country')
    const system = planCalls()[0]!.messages.find((m) => m.role === 'system')!.content
    expect(system).toContain('"formula"')
    expect(system).toContain('group_by')
    expect(system).toContain('ITEMS(list, separator?)')

    const aggregate = reply.result!.data.aggregate
    if (aggregate?.op !== 'group_by') throw new Error('not a group_by')
    const totals = new Map<string, number>()
    for (const row of rows) totals.set(row[1]!.toLowerCase(), (totals.get(row[1]!.toLowerCase()) ?? 0) + (revenueOf(row) ?? 0))
    const expected = [...totals].sort((a, b) => b[1] - a[1])
    expect(aggregate.groups.map((g) => [g.value.toLowerCase(), g.measures[0]!.value])).toEqual(expected)
    expect(reply.result!.result_type).toBe('aggregate')
    expect(reply.result!.data.formula_suggestions).toBeUndefined()
  })

  it('offers to save a formula the next question needs again, and reports a yes/no answer with its figure', async () => {
    planAnswer = () => ({ kind: 'plan', plan: { aggregate: { op: 'avg', formula: RATIO } }, reasoning: 'Revenue per employee', confidence: 0.9 })
    const first = await askOk('what is the average revenue per employee?')
    expect(first.answer.result!.data.formula_suggestions).toBeUndefined()

    const ratios = rows.map((row) => (revenueOf(row) === null ? null : revenueOf(row)! / Number(row[3])))
    const threshold = Math.max(...ratios.filter((r): r is number => r !== null)) - 1
    planAnswer = () => ({
      kind: 'plan',
      plan: { where: { formula: RATIO, op: 'greater_than', value: String(threshold) }, aggregate: { op: 'exists' } },
      reasoning: 'Any firm above the threshold',
      confidence: 0.9,
    })
    const second = await askOk(`does any firm make more than ${threshold} per employee?`)
    const data = second.answer.result!.data
    const above = ratios.filter((r) => r !== null && r > threshold).length
    expect(data.aggregate).toEqual({ op: 'exists', column: null, value: above, answer: true })
    expect(data.formula_suggestions).toEqual([RATIO])
    expect(data.filter_criteria).toEqual([`${RATIO} is greater than "${threshold}".`])

    // Saved as a column, it is not offered again.
    const saved = await alice.api.uploads[':id'].columns.$post({ param: { id: uploadId }, json: { name: 'Revenue per employee', formula: RATIO } })
    expect(saved.status).toBe(201)
    const third = await askOk(`and is any firm above ${threshold} per employee?`)
    expect(third.answer.result!.data.formula_suggestions).toBeUndefined()
  })

  it('sends a formula that does not check back once, then says where it goes wrong, refunding the question', async () => {
    planAnswer = () => ({ kind: 'plan', plan: { where: { formula: 'NUMBER({Revnue}) > 10', op: 'equals', value: 'true' } }, reasoning: 'Typo', confidence: 0.5 })
    const res = await alice.request(`/api/uploads/${uploadId}/chat`, { method: 'POST', json: { query: 'firms above 10' } })
    expect(res.status).toBe(503)
    const error = await errorOf(res)
    expect(error.message).toBe('The formula NUMBER({Revnue}) > 10 does not work: character 8: unknown column {Revnue}; did you mean {Revenue}?')
    expect(error.details).toMatchObject({ remaining_credits: expect.any(Number) })
    const retry = JSON.parse(planCalls()[1]!.messages.find((m) => m.role === 'user')!.content) as { your_previous_answer_failed: string }
    expect(retry.your_previous_answer_failed).toContain('character 8: unknown column {Revnue}')
  })
})
