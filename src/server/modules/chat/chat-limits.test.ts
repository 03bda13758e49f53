import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CHAT_MESSAGES, PAYMENT_MESSAGES, REQUEST_MESSAGES } from '#common/messages'
import type { ChatModelAnswer } from '#common/schemas/chat'
import { db } from '#server/db/client'
import { creditTransactions, rateLimits, subscribers } from '#server/db/schema/index'
import { startFakeAiServer, type FakeAiAnswerContext, type FakeAiServer } from '#server/test/fake-ai-server'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { until } from '#server/test/until'
import { csvOf, importCsv } from '#server/test/upload-helpers'
import { callTuning } from '#server/modules/ai/retry-policy'
import { PLAN_PROMPT_MARKER } from './lib/chat-prompts.ts'

/**
 * What protects the user's credits and the operator's provider around Magic Chat (issue 29,
 * items 4, 10, 11): a refund for any failure after the charge, a per-user limit of questions that
 * call a model, and the payment gate and a limit on plan runs.
 */

const AI_QUESTIONS = 3
const PLAN_RUNS = 4

let t: TestApp
let fake: FakeAiServer
let alice: TestBrowser
let aliceId: string
let leadsId: string

function answer(call: FakeAiAnswerContext): ChatModelAnswer | unknown {
  const system = call.messages.find((m) => m.role === 'system')?.content ?? ''
  if (system.startsWith(PLAN_PROMPT_MARKER)) return { kind: 'plan', plan: { where: { column: 'Country', op: 'equals', value: 'Germany' } }, reasoning: 'By country', confidence: 0.8 }
  if (call.lastUserText.includes('matching_rows')) return { summary: 'Some leads match.' }
  return { reasoning: 'Greeting', confidence: 0.9, value: 'Hello' }
}

async function balance() {
  const [row] = await db.select({ credits: subscribers.currentCredits }).from(subscribers).where(eq(subscribers.userId, aliceId))
  return row!.credits
}
const ask = (query: string) => alice.post(`/api/uploads/${leadsId}/chat`, { query })
const runPlan = () => alice.post(`/api/uploads/${leadsId}/chat/plan`, { plan: { where: { column: 'Country', op: 'equals', value: 'Germany' } } })
const testPrompt = () => alice.post(`/api/uploads/${leadsId}/ai-fields/test`, { prompt: 'Greet {Name}', rowIndex: 0 })

/**
 * The limits count in fixed minutes: a test that makes several requests starts early in one, so
 * they all fall in it.
 */
async function atMinuteStart() {
  await until('the first 45 s of a minute', () => new Date().getSeconds(), (seconds) => seconds < 45, 20_000)
  await db.delete(rateLimits)
}

beforeAll(async () => {
  fake = await startFakeAiServer()
  t = await createTestApp(
    { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.openaiBaseURL, AI_MODEL: 'fake-model', AI_QUESTIONS_PER_MINUTE: String(AI_QUESTIONS), PLAN_RUNS_PER_MINUTE: String(PLAN_RUNS) },
    { withWorkers: true },
  )
  callTuning.maxAttempts = 1
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
  await t.startTrial(alice)
  aliceId = await t.userIdOf(alice)
  leadsId = await importCsv(alice, 'leads.csv', csvOf(['Name', 'Country'], [['Ada', 'Germany'], ['Bo', 'Spain'], ['Cy', 'Germany']]))
}, 180_000)
afterAll(async () => {
  await t?.close()
  await fake?.stop()
})
beforeEach(async () => {
  fake.reset({ answer })
  await db.delete(rateLimits)
})

describe('a failure after the charge', () => {
  it('refunds the question whatever throws, the database included, and says so', async () => {
    const before = await balance()
    // The conversation's table is gone for a moment: every step after the charge that stores the question fails.
    await db.execute(sql`ALTER TABLE chat_messages RENAME TO chat_messages_away`)
    let res: Response
    try {
      res = await ask('How many leads are in Germany?')
    } finally {
      await db.execute(sql`ALTER TABLE chat_messages_away RENAME TO chat_messages`)
    }
    expect(res.status).toBe(500)
    const error = await errorOf(res)
    expect(error.message).toBe(CHAT_MESSAGES.failedOnOurSide(true))
    expect(error.details).toMatchObject({ remaining_credits: before })
    expect(await balance()).toBe(before)
    const ledger = await db.select().from(creditTransactions).where(eq(creditTransactions.userId, aliceId))
    const chat = ledger.filter((row) => row.operation === 'chat_query' || (row.operation === 'refund' && row.reference === 'chat_query_failed'))
    expect(chat.map((row) => row.amount).sort((a, b) => a - b)).toEqual([-8, 8])
    // And the next question is answered as usual.
    expect((await ask('How many leads are in Germany?')).status).toBe(200)
  })
})

describe('questions that call a model, per user per minute', () => {
  it('refuses the question past the limit with 429 and Retry-After, before any charge or model call', async () => {
    await atMinuteStart()
    for (let i = 0; i < AI_QUESTIONS; i += 1) expect((await ask('How many leads are in Germany?')).status).toBe(200)
    const before = await balance()
    const calls = fake.calls.length
    const res = await ask('How many leads are in Germany?')
    expect(res.status).toBe(429)
    const retryAfter = Number(res.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect((await errorOf(res)).message).toBe(REQUEST_MESSAGES.aiQuestionsLimited(AI_QUESTIONS, retryAfter))
    expect(await balance()).toBe(before)
    expect(fake.calls.length).toBe(calls)
  })

  it('counts prompt tests with chat questions, and each user apart', async () => {
    await atMinuteStart()
    for (let i = 0; i < AI_QUESTIONS; i += 1) expect((await testPrompt()).status).toBe(200)
    expect((await ask('How many leads are in Germany?')).status).toBe(429)
    expect((await testPrompt()).status).toBe(429)
    // Another user's questions are their own.
    const bob = (await t.signUpVerified({ firstName: 'Bob' })).browser
    await t.startTrial(bob)
    const bobsId = await importCsv(bob, 'bob.csv', csvOf(['Name', 'Country'], [['Di', 'Germany'], ['Ed', 'Spain']]))
    expect((await bob.post(`/api/uploads/${bobsId}/chat`, { query: 'How many leads are in Germany?' })).status).toBe(200)
  })
})

describe('plan runs', () => {
  it('follow the payment gate, as the rest of the product does', async () => {
    const [saved] = await db.select().from(subscribers).where(eq(subscribers.userId, aliceId))
    await db
      .update(subscribers)
      .set({ subscribed: false, paymentMethodValid: false, trialEndsAt: new Date(Date.now() - 86_400_000), gracePeriodEndsAt: null })
      .where(eq(subscribers.userId, aliceId))
    try {
      const res = await runPlan()
      expect(res.status).toBe(402)
      expect((await errorOf(res)).message).toBe(PAYMENT_MESSAGES.gateBlocked)
    } finally {
      await db.update(subscribers).set(saved!).where(eq(subscribers.userId, aliceId))
    }
    expect((await runPlan()).status).toBe(200)
  })

  it('are limited per user per minute, with Retry-After', async () => {
    await atMinuteStart()
    for (let i = 0; i < PLAN_RUNS; i += 1) {
      const res = await runPlan()
      expect(res.status).toBe(200)
      expect((await res.json()).count).toBe(2)
    }
    const res = await runPlan()
    expect(res.status).toBe(429)
    const retryAfter = Number(res.headers.get('retry-after'))
    expect((await errorOf(res)).message).toBe(REQUEST_MESSAGES.planRunsLimited(PLAN_RUNS, retryAfter))
  })
})
