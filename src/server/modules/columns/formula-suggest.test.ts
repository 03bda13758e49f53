import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CREDIT_COSTS } from '#common/constants'
import { API_TOKEN_MESSAGES } from '#common/messages'
import { formulaSuggestionSchema } from '#common/schemas/rows'
import { db } from '#server/db/client'
import { creditTransactions, subscribers } from '#server/db/schema/index'
import { callTuning } from '#server/modules/ai/retry-policy'
import { UPLOAD_NOT_FOUND } from '#server/modules/uploads/upload-id-param'
import { readJson } from '#server/test/contract'
import { startFakeAiServer, type FakeAiCall, type FakeAiServer } from '#server/test/fake-ai-server'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { csvOf, getUploadDetail, importCsv } from '#server/test/upload-helpers'
import { FORMULA_SUGGEST_PROMPT_MARKER } from './formula-suggest-prompts.ts'

/**
 * Issue 32, 'Describe it instead': the configured model proposes a formula for a description,
 * checked and previewed, for 1 credit refunded on any failure; nothing is saved.
 */

let t: TestApp
let fake: FakeAiServer
let alice: TestBrowser
let aliceId: string
let id: string

const leads = csvOf(
  ['Company', 'Email', 'Employees'],
  [
    ['Acme', 'jane@www.Acme.com', '1,200'],
    ['Globex', 'bob@globex.co.uk', '45'],
    ['Initech', '', 'n/a'],
  ],
)

/** What the fake model answers to a formula request: by default the formula asked in `answers`, in turn. */
let answers: unknown[] = []
const userMessageOf = (call: Pick<FakeAiCall, 'messages'>) => JSON.parse(call.messages.find((m) => m.role === 'user')?.content ?? '{}') as Record<string, unknown>

beforeAll(async () => {
  fake = await startFakeAiServer()
  t = await createTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.openaiBaseURL, AI_MODEL: 'fake-model', ALLOW_PRIVATE_AI_URLS: 'true' }, { withWorkers: true })
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
  await t.startTrial(alice)
  aliceId = await t.userIdOf(alice)
  id = await importCsv(alice, 'leads.csv', leads)
  callTuning.backoffBaseMs = 5
}, 180_000)
afterAll(async () => {
  await t?.close()
  await fake?.stop()
})
beforeEach(() => {
  answers = []
  fake.reset({ answer: (call) => (answers.length > 0 ? answers.shift() : call.fallback()) })
})

const balance = async () => (await db.select().from(subscribers).where(eq(subscribers.userId, aliceId)))[0]!.currentCredits
const suggest = (json: unknown, browser = alice, upload = id) => browser.post(`/api/uploads/${upload}/columns/formula-suggest`, json)

describe('describing a formula', { timeout: 60_000 }, () => {
  it('answers the model formula with its preview for 1 credit, and saves nothing', async () => {
    answers = [{ formula: 'DOMAIN({Email})' }]
    const before = await balance()
    const res = await alice.api.uploads[':id'].columns['formula-suggest'].$post({ param: { id }, json: { description: 'the domain of the e-mail' } })
    expect(res.status).toBe(200)
    const body = await readJson(res, formulaSuggestionSchema)
    expect(body).toEqual({
      formula: 'DOMAIN({Email})',
      preview: { type: 'text', rows: [{ rowIndex: 0, value: 'acme.com' }, { rowIndex: 1, value: 'globex.co.uk' }, { rowIndex: 2, value: null }] },
      remainingCredits: before - CREDIT_COSTS.formulaSuggestion,
    })
    expect(await balance()).toBe(before - 1)

    const [call] = fake.calls
    expect(call!.messages.find((m) => m.role === 'system')?.content).toMatch(new RegExp(`^${FORMULA_SUGGEST_PROMPT_MARKER}`))
    expect(call!.messages.find((m) => m.role === 'system')?.content).toContain('DOMAIN(email_or_url)')
    expect(userMessageOf(call!)).toMatchObject({
      description: 'the domain of the e-mail',
      columns: [
        { name: 'Company', type: 'text' },
        { name: 'Email', type: 'text' },
        { name: 'Employees', type: expect.any(String) },
      ],
    })
    const columns = (await (await alice.api.uploads[':id'].columns.$get({ param: { id } })).json()).columns
    expect(columns.map((column) => column.name)).toEqual(['Company', 'Email', 'Employees'])
  })

  it('asks again once with the checker message when the first formula does not read', async () => {
    answers = [{ formula: 'LWOER({Company})' }, { formula: 'LOWER({Company})' }]
    const before = await balance()
    const body = await readJson(await suggest({ description: 'the company in lower case' }), formulaSuggestionSchema)
    expect(body.formula).toBe('LOWER({Company})')
    expect(body.preview.rows[0]).toEqual({ rowIndex: 0, value: 'acme' })
    expect(fake.calls).toHaveLength(2)
    expect(userMessageOf(fake.calls[1]!)).toMatchObject({ previousFormula: 'LWOER({Company})', problemWithIt: expect.stringContaining('character 1: unknown function LWOER') })
    expect(await balance()).toBe(before - 1)
  })

  it('refunds and says where, when the second formula does not read either', async () => {
    answers = [{ formula: 'UPPER({Emial})' }, { formula: 'UPPER({Emial})' }]
    const before = await balance()
    const res = await suggest({ description: 'the e-mail in capitals' })
    expect(res.status).toBe(503)
    const error = await errorOf(res)
    expect(error.message).toBe('The AI proposed a formula that does not work (character 7: unknown column {Emial}; did you mean {Email}?). Your credit was refunded. Try describing the column differently, or write the formula.')
    expect(error.details).toMatchObject({ title: 'No formula proposed', remaining_credits: before })
    expect(await balance()).toBe(before)
    const ledger = await db.select().from(creditTransactions).where(eq(creditTransactions.userId, aliceId))
    expect(ledger.filter((row) => row.operation === 'refund').length).toBeGreaterThan(0)
  })

  it('refunds an answer that is not JSON after the repair ask', async () => {
    answers = ['The formula is DOMAIN of the email.', 'Sorry, I cannot do JSON.']
    const before = await balance()
    const res = await suggest({ description: 'the domain' })
    expect(res.status).toBe(503)
    expect((await errorOf(res)).message).toMatch(/Your credit was refunded\.$/)
    expect(await balance()).toBe(before)
  })

  it('refunds a truncated answer and a formula of the wrong type, and adds no column', async () => {
    const columnsBefore = (await getUploadDetail(alice, id)).columns.length
    for (const pair of [
      ['{"formula": "DOMAIN({Em', '{"formula": "UPPER('],
      [{ formula: 42 }, { formula: ['DOMAIN({Email})'] }],
    ]) {
      answers = [...pair]
      const before = await balance()
      const res = await suggest({ description: 'the domain' })
      expect(res.status).toBe(503)
      expect((await errorOf(res)).message).toMatch(/Your credit was refunded\.$/)
      expect(await balance()).toBe(before)
    }
    expect((await getUploadDetail(alice, id)).columns.length).toBe(columnsBefore)
  })

  it('reads a formula the model wraps in a code fence, and saves nothing until asked', async () => {
    const columnsBefore = (await getUploadDetail(alice, id)).columns.length
    answers = ['```json\n{"formula": "DOMAIN({Email})"}\n```']
    const res = await suggest({ description: 'the domain' })
    expect(res.status, await res.clone().text()).toBe(200)
    expect(((await res.json()) as { formula: string }).formula).toBe('DOMAIN({Email})')
    expect((await getUploadDetail(alice, id)).columns.length).toBe(columnsBefore)
  })

  it('refunds when the provider fails', async () => {
    fake.failNext.push(...Array(callTuning.maxAttempts).fill(500))
    const before = await balance()
    const res = await suggest({ description: 'the domain of the e-mail' })
    expect(res.status).toBe(503)
    expect(await errorOf(res)).toMatchObject({ details: { title: 'No formula proposed', remaining_credits: before } })
    expect(await balance()).toBe(before)
  })

  it('refuses without credits before asking the model', async () => {
    const before = await balance()
    await db.update(subscribers).set({ currentCredits: 0 }).where(eq(subscribers.userId, aliceId))
    try {
      const res = await suggest({ description: 'the domain of the e-mail' })
      expect(res.status).toBe(402)
      expect((await errorOf(res)).message).toBe('Insufficient credits: this needs 1 credit. You have 0 remaining.')
      expect(fake.calls).toHaveLength(0)
    } finally {
      await db.update(subscribers).set({ currentCredits: before }).where(eq(subscribers.userId, aliceId))
    }
  })
})

describe('the edges of formula-suggest', { timeout: 60_000 }, () => {
  it("answers another user's upload as not found, and charges nothing", async () => {
    const { browser: bob } = await t.signUpVerified({ firstName: 'Bob' })
    await t.startTrial(bob)
    const res = await suggest({ description: 'the domain' }, bob)
    expect(res.status).toBe(404)
    expect((await errorOf(res)).message).toBe(UPLOAD_NOT_FOUND)
    expect(fake.calls).toHaveLength(0)
  })

  it('refuses a read-only token, which may still preview', async () => {
    const created = await alice.api['api-tokens'].$post({ json: { name: 'reader', scope: 'read' } })
    const reader = t.bearer((await created.json()).token)
    const res = await suggest({ description: 'the domain' }, reader)
    expect(res.status).toBe(403)
    expect((await errorOf(res)).message).toBe(API_TOKEN_MESSAGES.readScopeRefused('POST'))
    const preview = await reader.post(`/api/uploads/${id}/columns/formula-preview`, { formula: 'UPPER({Company})' })
    expect(preview.status).toBe(200)
    expect(fake.calls).toHaveLength(0)
  })

  it('refuses a NUL byte, a 1 MB body, a deeply nested body and an empty description, saying why', async () => {
    const nul = await suggest({ description: 'the do\u0000main' })
    expect(nul.status).toBe(422)
    expect((await errorOf(nul)).message).toMatch(/^description contains .*NUL/)

    const huge = await alice.request(`/api/uploads/${id}/columns/formula-suggest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ description: 'x'.repeat(1024 * 1024) }),
    })
    expect(huge.status).toBe(413)
    expect((await errorOf(huge)).message).toMatch(/limit is 1 MB/)

    let deep: unknown = 'the domain'
    for (let i = 0; i < 40; i++) deep = { deeper: deep }
    const nested = await suggest({ description: deep })
    expect(nested.status).toBe(422)
    expect((await errorOf(nested)).message).toMatch(/nested more than 32 levels/)

    const long = await suggest({ description: 'x'.repeat(501) })
    expect(long.status).toBe(422)
    expect((await errorOf(long)).message).toBe('description: A description has at most 500 characters.')

    const empty = await suggest({ description: '   ' })
    expect(empty.status).toBe(422)
    expect((await errorOf(empty)).message).toBe('description: Describe what the column should hold.')
    expect(fake.calls).toHaveLength(0)
  })
})
