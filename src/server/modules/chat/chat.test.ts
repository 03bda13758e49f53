import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { CHAT_MESSAGES, CREDIT_MESSAGES } from '#common/messages'
import { askChatResponseSchema, chatClearedSchema, chatMessageSchema, chatThreadSchema, type AskChatResponse, type ChatMessage, type ChatModelAnswer, type ChatThread } from '#common/schemas/chat'
import type { Plan } from '#common/schemas/plans'
import { db } from '#server/db/client'
import { aiCells, creditTransactions, subscribers } from '#server/db/schema/index'
import { startFakeAiServer, type FakeAiAnswerContext, type FakeAiServer } from '#server/test/fake-ai-server'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { until } from '#server/test/until'
import { csvOf, importCsv } from '#server/test/upload-helpers'
import { UPLOAD_NOT_FOUND } from '#server/modules/uploads/upload-id-param'
import { callTuning } from '#server/modules/ai/retry-policy'
import { PLAN_PROMPT_MARKER, SUMMARY_PROMPT_MARKER } from './lib/chat-prompts.ts'
import { readJson } from '#server/test/contract'

let t: TestApp
let fake: FakeAiServer
let alice: TestBrowser
let aliceId: string
let bob: TestBrowser
let leadsId: string

const header = ['Name', 'Company', 'Country', 'Employees']
const leadRows = Array.from({ length: 40 }, (_, i) => [
  `Person ${i}`,
  `Company ${i}`,
  ['Germany', 'France', 'Spain', 'Germany '][i % 4]!,
  String((i * 37) % 1000),
])
const germans = leadRows.filter((row) => row[2]!.trim() === 'Germany')
const french = leadRows.filter((row) => row[2] === 'France')

/** What the fake model answers: a plan for the plan prompt, a summary for the summary prompt. */
let planAnswer: (question: string) => ChatModelAnswer | string = () => ({ kind: 'plan', plan: {}, reasoning: 'All rows', confidence: 0.8 })
let summaryAnswer: (figures: { matching_rows: number; rows_in_file: number }) => unknown = (f) => ({ summary: `${f.matching_rows} of ${f.rows_in_file} leads match.` })

function answer(call: FakeAiAnswerContext) {
  const system = call.messages.find((m) => m.role === 'system')?.content ?? ''
  const isChat = system.startsWith(PLAN_PROMPT_MARKER) || system.startsWith(SUMMARY_PROMPT_MARKER)
  const user = isChat ? (JSON.parse(call.messages.find((m) => m.role === 'user')!.content) as { question?: string; matching_rows: number; rows_in_file: number }) : null
  if (user && system.startsWith(PLAN_PROMPT_MARKER)) {
    return planAnswer(user.question!)
  }
  if (user) return summaryAnswer(user)
  // AI column cells: from the row's Employees.
  const values = JSON.parse(call.lastUserText.slice(call.lastUserText.indexOf('{'))) as Record<string, string>
  return { reasoning: 'From size', confidence: 0.9, value: Number(values.Employees) >= 500 }
}

const germanyPlan: Plan = { where: { column: 'Country', op: 'equals', value: 'germany' } }
const francePlan: Plan = { where: { column: 'Country', op: 'equals', value: 'France' } }

async function ask(query: string, browser = alice, id = leadsId) {
  return browser.request(`/api/uploads/${id}/chat`, { method: 'POST', json: { query } })
}
async function askOk(query: string): Promise<AskChatResponse> {
  const res = await ask(query)
  expect(res.status, await res.clone().text()).toBe(200)
  return readJson(res, askChatResponseSchema)
}
async function thread(browser = alice): Promise<ChatThread> {
  return readJson(await browser.request(`/api/uploads/${leadsId}/chat`), chatThreadSchema)
}
async function balance() {
  const [row] = await db.select({ credits: subscribers.currentCredits }).from(subscribers).where(eq(subscribers.userId, aliceId))
  return row!.credits
}
async function chatLedger() {
  const rows = await db.select().from(creditTransactions).where(eq(creditTransactions.userId, aliceId))
  return rows.filter((row) => row.operation === 'chat_query' || (row.operation === 'refund' && row.reference === 'chat_query_failed'))
}

beforeAll(async () => {
  fake = await startFakeAiServer()
  t = await createTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.openaiBaseURL, AI_MODEL: 'fake-model' }, { withWorkers: true })
  callTuning.maxAttempts = 1
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
  await t.startTrial(alice)
  aliceId = await t.userIdOf(alice)
  bob = (await t.signUpVerified({ firstName: 'Bob' })).browser
  await t.startTrial(bob)
  leadsId = await importCsv(alice, 'leads.csv', csvOf(header, leadRows))
}, 180_000)
afterAll(async () => {
  await t?.close()
  await fake?.stop()
})
beforeEach(async () => {
  fake.reset({ answer })
  planAnswer = (question) => ({ kind: 'plan', plan: question.includes('France') ? francePlan : germanyPlan, reasoning: 'Leads by country', confidence: 0.8 })
  summaryAnswer = (f) => ({ summary: `${f.matching_rows} of ${f.rows_in_file} leads match.` })
  await alice.request(`/api/uploads/${leadsId}/chat`, { method: 'DELETE' })
})

describe('asking', () => {
  it('answers with the computed count, criteria, leads and steps, charging 8 credits once', async () => {
    const before = await balance()
    const { question, answer: reply, remainingCredits } = await askOk('How many leads are in Germany?')
    expect(question).toMatchObject({ type: 'user', content: 'How many leads are in Germany?' })
    const result = reply.result!
    expect(result.data.count).toBe(germans.length)
    expect(result.data.total_rows).toBe(leadRows.length)
    expect(result.data.summary).toBe(`${germans.length} of ${leadRows.length} leads match.`)
    expect(result.data.filter_criteria).toEqual(['Country is "germany".'])
    expect(result.data.reasoning_chain).toEqual([
      { step: 1, description: 'All rows in the file', result: leadRows.length },
      { step: 2, description: 'Country is "germany".', result: germans.length },
    ])
    expect(result.data.confidence).toBe(0.8)
    expect(result.data.matching_leads).toHaveLength(3)
    expect(result.data.matching_leads[0]).toEqual({
      rowIndex: 0,
      label: 'Person 0',
      fields: header.map((name, i) => ({ name, value: leadRows[0]![i] })),
    })
    expect(result.data.all_matching_row_ids).toEqual(leadRows.flatMap((row, i) => (row[2]!.trim() === 'Germany' ? [i] : [])))
    expect(result.plan).toEqual(germanyPlan)
    expect(remainingCredits).toBe(before - 8)
    expect(await balance()).toBe(before - 8)
    const charges = await chatLedger()
    expect(charges.filter((row) => row.operation === 'chat_query')).toHaveLength(1)
    expect(charges[0]).toMatchObject({ amount: -8, reference: leadsId })
  })

  it('headlines an average with the average, over the rows it was taken over', async () => {
    planAnswer = () => ({ kind: 'plan', plan: { ...germanyPlan, aggregate: { op: 'avg', column: 'Employees' } }, reasoning: 'Average size in Germany', confidence: 0.8 })
    const { answer: reply } = await askOk('What is the average company size in Germany?')
    const average = germans.reduce((sum, row) => sum + Number(row[3]), 0) / germans.length
    const shown = average.toLocaleString('en-US', { maximumFractionDigits: 2 })
    const result = reply.result!
    expect(result.result_type).toBe('aggregate')
    expect(result.data.aggregate).toMatchObject({ op: 'avg', column: 'Employees', skipped: 0 })
    expect((result.data.aggregate as { value: number }).value).toBeCloseTo(average, 6)
    // The fake's summary only counts rows ('10 of 40 leads match.'): replaced by one that leads with the average.
    expect(result.data.summary).toBe(`The average of Employees is ${shown}, over the ${germans.length} of ${leadRows.length} rows that match.`)
    expect(reply.content).toBe(result.data.summary)
  })

  it('answers a top-N question with its N rows, in order, counted as N of those that match', async () => {
    planAnswer = () => ({ kind: 'plan', plan: { sort: { column: 'Employees', direction: 'desc' }, limit: 5 }, reasoning: 'Largest by employees', confidence: 0.9 })
    const { answer: reply } = await askOk('Which are the 5 largest companies?')
    const top5 = leadRows
      .map((row, i) => ({ i, employees: Number(row[3]) }))
      .sort((a, b) => b.employees - a.employees)
      .slice(0, 5)
    const result = reply.result!
    expect(result.data.count).toBe(5)
    expect(result.data.top).toEqual({ n: 5, column: 'Employees', direction: 'desc', matching: leadRows.length })
    expect(result.data.all_matching_row_ids).toEqual(top5.map((row) => row.i))
    expect(result.data.matching_leads.map((lead) => lead.rowIndex)).toEqual(top5.map((row) => row.i))
    expect(result.data.reasoning_chain.at(-1)).toEqual({ step: 2, description: CHAT_MESSAGES.topStep(5, 'Employees', 'desc'), result: 5 })
    expect(result.data.summary).toBe(`The top 5 of ${leadRows.length} rows by Employees, highest first.`)
  })

  it('tells the model the columns and statistics, never the rows', async () => {
    await askOk('How many leads are in Germany?')
    const planCall = fake.calls.find((call) => call.messages.some((m) => m.content.startsWith(PLAN_PROMPT_MARKER)))!
    const sent = JSON.parse(planCall.lastUserText) as { question: string; rows: number; columns: Array<{ name: string; type: string; filled: number; common_values?: unknown[] }> }
    expect(sent.question).toBe('How many leads are in Germany?')
    expect(sent.rows).toBe(leadRows.length)
    expect(sent.columns.map((c) => c.name)).toEqual(header)
    expect(sent.columns.find((c) => c.name === 'Country')).toMatchObject({ type: 'text', filled: 40, common_values: expect.any(Array) })
    // At most a few sample values per column, not the table.
    expect(planCall.lastUserText).not.toContain('Person 17')
  })

  it('replaces a summary that states a number the plan did not compute', async () => {
    summaryAnswer = () => ({ summary: 'About 25 leads are in Germany, roughly 60% of the list.' })
    const { answer: reply } = await askOk('How many leads are in Germany?')
    expect(reply.result!.data.summary).toBe(`${germans.length} of ${leadRows.length} rows match.`)
    expect(reply.content).toBe(reply.result!.data.summary)
  })

  it('keeps a summary whose numbers are the computed ones, percentages included', async () => {
    const percent = Math.round((germans.length / leadRows.length) * 100)
    summaryAnswer = (f) => ({ summary: `${f.matching_rows} leads (${percent}%) are in Germany.` })
    const { answer: reply } = await askOk('How many leads are in Germany?')
    expect(reply.result!.data.summary).toBe(`${germans.length} leads (${percent}%) are in Germany.`)
  })

  const badReplies: Array<[string, unknown]> = [
    ['prose', 'Sure! Probably about 10 leads are in France.'],
    ['a truncated object', '{"kind":"plan","plan":{"where":{"column":"Country","op":"equ'],
    ['a plan of the wrong type', { kind: 'plan', plan: { where: { column: 'Country', op: 'equals', value: ['France'] } }, reasoning: 'x', confidence: 0.5 }],
    ['an unknown operator', { kind: 'plan', plan: { where: { column: 'Country', op: 'like', value: 'Fr%' } }, reasoning: 'x', confidence: 0.5 }],
    ['a confidence that is not a number', { kind: 'plan', plan: francePlan, reasoning: 'x', confidence: 'high' }],
  ]

  it.each(badReplies)('never keeps %s: the repair call answers, or the question fails and is refunded', async (_, bad) => {
    let calls = 0
    planAnswer = () => {
      calls += 1
      return (calls === 1 ? bad : { kind: 'plan', plan: francePlan, reasoning: 'France', confidence: 0.7 }) as ChatModelAnswer
    }
    const { answer: reply } = await askOk('Leads in France?')
    expect(reply.result!.data.count).toBe(french.length)
    expect(reply.result!.plan).toEqual(francePlan)
    expect(reply.result!.data.confidence).toBe(0.7)
    expect(fake.calls.filter((call) => call.messages.some((m) => m.content.startsWith(PLAN_PROMPT_MARKER)))).toHaveLength(2)

    // The same bad reply twice: no answer with a result, and the credits come back.
    const before = await balance()
    planAnswer = () => bad as ChatModelAnswer
    const res = await ask('Leads in France?')
    expect(res.status).toBe(503)
    expect(await balance()).toBe(before)
    const last = (await thread()).messages.at(-1)!
    expect(last).toMatchObject({ type: 'ai', isError: true, result: null })
  })

  it('reads a plan sent in a code fence as the plan it is', async () => {
    planAnswer = () => `\`\`\`json\n${JSON.stringify({ kind: 'plan', plan: francePlan, reasoning: 'France', confidence: 0.6 })}\n\`\`\``
    const { answer: reply } = await askOk('Leads in France?')
    expect(reply.result!.data.count).toBe(french.length)
    expect(reply.result!.plan).toEqual(francePlan)
  })

  it('sends a plan naming an unknown column back once with the list of columns', async () => {
    let calls = 0
    planAnswer = () => {
      calls += 1
      return calls === 1
        ? { kind: 'plan', plan: { where: { column: 'Nation', op: 'equals', value: 'France' } }, reasoning: 'x', confidence: 0.5 }
        : { kind: 'plan', plan: francePlan, reasoning: 'y', confidence: 0.6 }
    }
    const { answer: reply } = await askOk('Leads in France?')
    expect(reply.result!.data.count).toBe(french.length)
    const second = fake.calls.filter((call) => call.messages.some((m) => m.content.startsWith(PLAN_PROMPT_MARKER)))[1]!
    expect(JSON.parse(second.lastUserText)).toMatchObject({
      your_previous_answer_failed: expect.stringContaining("There is no column named 'Nation'. The columns are: Name, Company, Country, Employees."),
    })
  })

  it('computes aggregates: counts by a column', async () => {
    planAnswer = () => ({ kind: 'plan', plan: { aggregate: { op: 'count_by', column: 'Country' } }, reasoning: 'Per country', confidence: 0.9 })
    summaryAnswer = () => ({ summary: 'Germany leads.' })
    const { answer: reply } = await askOk('Count the leads by country')
    expect(reply.result!.result_type).toBe('aggregate')
    expect(reply.result!.data.aggregate).toEqual({
      op: 'count_by',
      column: 'Country',
      groups: [
        { value: 'Germany', count: germans.length },
        { value: 'France', count: french.length },
        { value: 'Spain', count: 10 },
      ],
      otherGroups: 0,
    })
  })
})

describe('failures', () => {
  it('refunds the credits and keeps an error reply when the model fails', async () => {
    const before = await balance()
    const ledgerBefore = await chatLedger()
    // The provider is down for the plan call (chat retries none in tests).
    fake.failNext.push(500)
    const res = await ask('How many leads are in Germany?')
    expect(res.status).toBe(503)
    const error = await errorOf(res)
    expect(error.details).toMatchObject({ title: CHAT_MESSAGES.errorTitle, remaining_credits: before })
    expect(await balance()).toBe(before)
    const messages = (await thread()).messages
    expect(messages.map((m) => m.type)).toEqual(['user', 'ai'])
    expect(messages[1]!.content).toBe(CHAT_MESSAGES.errorReply(error.message))
    expect(messages[1]!.isError).toBe(true)
    // One charge and its refund.
    const ledger = await chatLedger()
    const sum = (rows: typeof ledger) => rows.reduce((total, row) => total + row.amount, 0)
    expect(ledger.length - ledgerBefore.length).toBe(2)
    expect(sum(ledger)).toBe(sum(ledgerBefore))
  })

  it("answers 'Insufficient Credits' with the spec's message and charges nothing", async () => {
    await db.update(subscribers).set({ currentCredits: 5 }).where(eq(subscribers.userId, aliceId))
    try {
      const res = await ask('How many leads are in Germany?')
      expect(res.status).toBe(402)
      expect((await errorOf(res)).message).toBe(CREDIT_MESSAGES.chatInsufficient(5))
      expect(fake.calls).toHaveLength(0)
    } finally {
      await db.update(subscribers).set({ currentCredits: 1000 }).where(eq(subscribers.userId, aliceId))
    }
  })

  it("answers 'Feature Restricted' to a basic plan whose trial has ended, and charges nothing", async () => {
    const [saved] = await db.select().from(subscribers).where(eq(subscribers.userId, aliceId))
    await db
      .update(subscribers)
      .set({ subscriptionTier: 'basic', subscribed: false, trialEndsAt: new Date(Date.now() - 86_400_000), gracePeriodEndsAt: new Date(Date.now() + 86_400_000) })
      .where(eq(subscribers.userId, aliceId))
    try {
      const res = await ask('How many leads are in Germany?')
      expect(res.status).toBe(403)
      expect(await errorOf(res)).toMatchObject({ message: CREDIT_MESSAGES.chatRestricted, details: { title: CREDIT_MESSAGES.featureRestrictedTitle } })
      expect(fake.calls).toHaveLength(0)
      expect(await balance()).toBe(saved!.currentCredits)
    } finally {
      await db.update(subscribers).set(saved!).where(eq(subscribers.userId, aliceId))
    }
  })

  it('refuses an empty question', async () => {
    expect((await ask('   ')).status).toBe(422)
  })
})

describe('the conversation', () => {
  it('is kept on the server, per upload, oldest first, and can be cleared', async () => {
    await askOk('How many leads are in Germany?')
    await askOk('Leads in France?')
    const messages = (await thread()).messages
    expect(messages.map((m) => [m.type, m.result?.data.count ?? null])).toEqual([
      ['user', null],
      ['ai', germans.length],
      ['user', null],
      ['ai', french.length],
    ])
    const cleared = await alice.request(`/api/uploads/${leadsId}/chat`, { method: 'DELETE' })
    expect(await readJson(cleared, chatClearedSchema)).toEqual({ cleared: true })
    expect((await thread()).messages).toEqual([])
  })

  it('merges a follow-up into the previous answer: queries joined with +, criteria and summaries concatenated, the union counted', async () => {
    await askOk('How many leads are in Germany?')
    const { answer: reply } = await askOk('Also include leads in France')
    const result = reply.result!
    expect(result.method).toBe('plan_merge')
    expect(result.query).toBe('How many leads are in Germany? + Also include leads in France')
    expect(result.data.count).toBe(germans.length + french.length)
    expect(result.data.filter_criteria).toEqual(['Country is "germany".', 'Country is "France".'])
    expect(result.data.summary).toBe(`${germans.length} of ${leadRows.length} leads match. ${french.length} of ${leadRows.length} leads match.`)
    expect(result.plan).toEqual({ where: { any: [germanyPlan.where, francePlan.where] } })
  })

  it('refunds a follow-up whose earlier answer names a column deleted since, and says so', async () => {
    const teamsId = await importCsv(alice, 'teams.csv', csvOf(['Name', 'Country', 'Team'], leadRows.map((row, i) => [row[0]!, row[2]!, i % 2 ? 'Red' : 'Blue'])))
    planAnswer = (question) => ({
      kind: 'plan',
      plan: question.includes('France') ? francePlan : { where: { column: 'Team', op: 'equals', value: 'Red' } },
      reasoning: 'Leads by team or country',
      confidence: 0.8,
    })
    expect((await ask('Who is in the red team?', alice, teamsId)).status).toBe(200)
    const team = (await (await alice.request(`/api/uploads/${teamsId}/columns`)).json()) as { columns: { key: string; name: string }[] }
    const teamKey = team.columns.find((column) => column.name === 'Team')!.key
    expect((await alice.request(`/api/uploads/${teamsId}/columns/${teamKey}`, { method: 'DELETE' })).status).toBe(200)

    const before = await balance()
    const res = await ask('Also include leads in France', alice, teamsId)
    expect(res.status).toBe(503)
    const error = await errorOf(res)
    expect(error.message).toContain("This question adds to the earlier answer, which can no longer be computed: ")
    expect(error.message).toContain("'Team'")
    expect(await balance()).toBe(before)
    const messages = ((await (await alice.request(`/api/uploads/${teamsId}/chat`)).json()) as ChatThread).messages
    expect(messages.at(-1)!.content).toBe(CHAT_MESSAGES.errorReply(error.message))
  })

  it('re-runs an answer with edited conditions at once, with no model call and no credits', async () => {
    const { answer: reply } = await askOk('How many leads are in Germany?')
    const before = await balance()
    fake.reset({ answer })
    const res = await alice.request(`/api/uploads/${leadsId}/chat/messages/${reply.id}`, { method: 'PATCH', json: { plan: francePlan } })
    expect(res.status, await res.clone().text()).toBe(200)
    const { answer: edited } = await readJson(res, askChatResponseSchema)
    expect(edited.result!.data.count).toBe(french.length)
    expect(edited.result!.data.filter_criteria).toEqual(['Country is "France".'])
    expect(edited.result!.plan).toEqual(francePlan)
    expect(fake.calls).toHaveLength(0)
    expect(await balance()).toBe(before)
    expect((await thread()).messages.at(-1)!.result!.data.count).toBe(french.length)
  })

  it('titles an edited answer by what it now computes, and keeps the earlier answer in the conversation', async () => {
    const { answer: reply } = await askOk('How many leads are in Germany?')
    const spain = leadRows.filter((row) => row[2] === 'Spain').length
    const spainPlan: Plan = { where: { column: 'Country', op: 'equals', value: 'Spain' } }
    const res = await alice.request(`/api/uploads/${leadsId}/chat/messages/${reply.id}`, { method: 'PATCH', json: { plan: spainPlan } })
    expect(res.status, await res.clone().text()).toBe(200)
    const { question, answer: edited } = (await res.json()) as AskChatResponse
    expect(question).toMatchObject({ type: 'user', content: CHAT_MESSAGES.editedQuestion('Country is "Spain"') })
    const result = edited.result!
    // The title, the reasoning line and the summary say Spain; the question first asked is kept beside it.
    expect(result.query).toBe('Country is "Spain"')
    expect(result.edited_from).toBe('How many leads are in Germany?')
    expect(result.data.reasoning).toBe(CHAT_MESSAGES.editedReasoning('How many leads are in Germany?'))
    expect(result.data.summary).toBe(`${spain} of ${leadRows.length} rows match.`)
    expect(result.data.count).toBe(spain)
    expect(edited.id).not.toBe(reply.id)

    // The history keeps both: the Germany answer as it was, then the edit and its answer.
    const messages = (await thread()).messages
    expect(messages.map((m) => m.content)).toEqual(['How many leads are in Germany?', reply.content, question.content, edited.content])
    expect(messages[1]!.result!).toMatchObject({ query: 'How many leads are in Germany?', data: { count: germans.length } })

    // Edited again: still named from the question first asked.
    const again = await alice.request(`/api/uploads/${leadsId}/chat/messages/${edited.id}`, { method: 'PATCH', json: { plan: { ...spainPlan, aggregate: { op: 'avg', column: 'Employees' } } } })
    const averaged = ((await again.json()) as AskChatResponse).answer.result!
    expect(averaged.query).toBe('Average of Employees where Country is "Spain"')
    expect(averaged.edited_from).toBe('How many leads are in Germany?')
    expect((await thread()).messages).toHaveLength(6)
  })
})

describe('questions that need a judgment per row', () => {
  it('proposes an AI column with its estimate, runs it in one call, then answers from it', async () => {
    planAnswer = () => ({
      kind: 'judgment',
      judgment: {
        columnName: 'Is Large',
        prompt: 'Is {Company} a large company? It has {Employees} employees.',
        outputType: 'boolean',
        where: { column: 'Is Large', op: 'equals', value: 'true' },
      },
      reasoning: 'Size needs a judgment per company',
      confidence: 0.7,
    })
    const { answer: proposal } = await askOk('Which of these are large companies?')
    expect(proposal.result!.result_type).toBe('judgment_proposal')
    expect(proposal.result!.judgment).toMatchObject({ columnName: 'Is Large', rows: leadRows.length, calls: leadRows.length, estimatedCredits: leadRows.length, fieldId: null })

    const started = await alice.request(`/api/uploads/${leadsId}/chat/messages/${proposal.id}/judgment`, { method: 'POST' })
    expect(started.status, await started.clone().text()).toBe(200)
    const fieldId = (await readJson(started, chatMessageSchema)).result!.judgment!.fieldId!
    expect(fieldId).toEqual(expect.any(String))
    await until(
      'the AI column to finish',
      async () => (await (await alice.request(`/api/uploads/${leadsId}/ai-fields/${fieldId}`)).json()) as { status: string },
      (field) => field.status === 'completed',
    )
    const answered = await alice.request(`/api/uploads/${leadsId}/chat/messages/${proposal.id}/judgment/answer`, { method: 'POST' })
    expect(answered.status, await answered.clone().text()).toBe(200)
    const result = (await readJson(answered, chatMessageSchema)).result!
    const large = leadRows.filter((row) => Number(row[3]) >= 500).length
    expect(result.data.count).toBe(large)
    expect(result.method).toBe('judgment_column')
    expect(result.judgment).toMatchObject({ answered: true, fieldId })
    expect(result.data.summary).toContain(CHAT_MESSAGES.judgmentAnswered('Is Large'))
    expect(result.data.summary).not.toContain('holds a value for')
  })

  it('quotes what the run will charge: once per distinct input of the columns the prompt names, as the run charges', async () => {
    planAnswer = () => ({
      kind: 'judgment',
      judgment: { columnName: 'In the EU', prompt: 'Is {Country} in the European Union?', outputType: 'boolean', where: { column: 'In the EU', op: 'equals', value: 'true' } },
      reasoning: 'Membership needs a judgment per country',
      confidence: 0.7,
    })
    // 40 rows, four distinct Country values ('Germany' and 'Germany ' are two inputs, as the run's input hash sees them).
    const distinctCountries = new Set(leadRows.map((row) => row[2])).size
    const { answer: proposal } = await askOk('Which leads are in the EU?')
    expect(proposal.result!.judgment).toMatchObject({ rows: leadRows.length, calls: distinctCountries, estimatedCredits: distinctCountries })
    expect(proposal.content).toBe(CHAT_MESSAGES.judgmentBody(leadRows.length, distinctCountries, distinctCountries))

    const before = await balance()
    const started = await alice.request(`/api/uploads/${leadsId}/chat/messages/${proposal.id}/judgment`, { method: 'POST' })
    expect(started.status, await started.clone().text()).toBe(200)
    const fieldId = ((await started.json()) as ChatMessage).result!.judgment!.fieldId!
    await until(
      'the AI column to finish',
      async () => (await (await alice.request(`/api/uploads/${leadsId}/ai-fields/${fieldId}`)).json()) as { status: string },
      (field) => field.status === 'completed',
    )
    expect(before - (await balance())).toBe(distinctCountries)
  })

  it('says how many rows the column decided when its run stopped early, and counts only those', async () => {
    planAnswer = () => ({
      kind: 'judgment',
      judgment: { columnName: 'Is Big', prompt: 'Is {Company} big? It has {Employees} employees.', outputType: 'boolean', where: { column: 'Is Big', op: 'equals', value: 'true' } },
      reasoning: 'Size needs a judgment per company',
      confidence: 0.7,
    })
    const { answer: proposal } = await askOk('Which of these are big companies?')
    // Credits for 10 of the 40 cells: the run stops for credits (given back at the end for the next tests).
    const credits = await balance()
    onTestFinished(() => db.update(subscribers).set({ currentCredits: credits }).where(eq(subscribers.userId, aliceId)).then(() => undefined))
    await db.update(subscribers).set({ currentCredits: 10 }).where(eq(subscribers.userId, aliceId))
    const started = await alice.request(`/api/uploads/${leadsId}/chat/messages/${proposal.id}/judgment`, { method: 'POST' })
    expect(started.status, await started.clone().text()).toBe(200)
    const fieldId = ((await started.json()) as ChatMessage).result!.judgment!.fieldId!
    type Field = { status: string; counts: { done: number }; run: { stopReason: string | null } }
    const field = await until(
      'the AI column to finish',
      async () => (await (await alice.request(`/api/uploads/${leadsId}/ai-fields/${fieldId}`)).json()) as Field,
      (current) => current.status === 'completed',
    )
    expect(field.run.stopReason).toBe('no_credits')
    expect(field.counts.done).toBe(10)
    const answered = await alice.request(`/api/uploads/${leadsId}/chat/messages/${proposal.id}/judgment/answer`, { method: 'POST' })
    expect(answered.status, await answered.clone().text()).toBe(200)
    const result = ((await answered.json()) as ChatMessage).result!
    // Only decided rows count: those with a done cell whose company has 500 people or more.
    const decided = await db.select({ rowIndex: aiCells.rowIndex }).from(aiCells).where(and(eq(aiCells.fieldId, fieldId), eq(aiCells.status, 'done')))
    expect(result.data.count).toBe(decided.filter(({ rowIndex }) => Number(leadRows[rowIndex]![3]) >= 500).length)
    expect(result.data.summary).toContain(CHAT_MESSAGES.judgmentPartial('Is Big', 10, leadRows.length, 'no_credits'))
  })
})

describe('other users', () => {
  it("never see, ask about, edit or clear another user's conversation", async () => {
    const { answer: reply } = await askOk('How many leads are in Germany?')
    expect((await ask('How many leads are in Germany?', bob)).status).toBe(404)
    const read = await bob.request(`/api/uploads/${leadsId}/chat`)
    expect(read.status).toBe(404)
    expect((await errorOf(read)).message).toBe(UPLOAD_NOT_FOUND)
    expect((await bob.request(`/api/uploads/${leadsId}/chat/messages/${reply.id}`, { method: 'PATCH', json: { plan: francePlan } })).status).toBe(404)
    expect((await bob.request(`/api/uploads/${leadsId}/chat`, { method: 'DELETE' })).status).toBe(404)
    // Bob's own file with the same message id in the path: still not Alice's answer.
    const bobsId = await importCsv(bob, 'bob.csv', csvOf(header, leadRows.slice(0, 5)))
    const crossed = await bob.request(`/api/uploads/${bobsId}/chat/messages/${reply.id}`, { method: 'PATCH', json: { plan: {} } })
    expect(crossed.status).toBe(404)
    expect((await thread()).messages).toHaveLength(2)
  })
})
