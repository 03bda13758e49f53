import { randomUUID } from 'node:crypto'
import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AppEvent } from '#common/events'
import { AI_FIELD_MESSAGES } from '#common/messages'
import type { InferRequestType } from 'hono/client'
import { db } from '#server/db/client'
import { creditTransactions, subscribers } from '#server/db/schema/index'
import { env } from '#server/env'
import { startFakeAiServer, type FakeAiMessage, type FakeAiServer } from '#server/test/fake-ai-server'
import { UPLOAD_NOT_FOUND } from '#server/modules/uploads/upload-id-param'
import { readEvents } from '#server/test/read-events'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { until } from '#server/test/until'
import { csvOf, getUploadDetail, importCsv } from '#server/test/upload-helpers'
import { callTuning } from '#server/modules/ai/retry-policy'
import { runFieldSlice } from './runs/slices.ts'
import { aiCellListSchema, aiCellSchema, aiFieldListSchema, aiFieldSchema, aiProviderStatusSchema, aiRunEstimateSchema, aiRunStartedSchema, aiStatsSchema, testAiPromptResultSchema, type AiField } from '#common/schemas/enrichment'
import { columnsResponseSchema } from '#common/schemas/rows'
import { readJson } from '#server/test/contract'

let t: TestApp
let fake: FakeAiServer
let alice: TestBrowser
let aliceId: string
let bob: TestBrowser

beforeAll(async () => {
  fake = await startFakeAiServer()
  t = await createTestApp(
    {
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: fake.openaiBaseURL,
      AI_MODEL: 'fake-model',
      PERPLEXITY_API_KEY: 'pplx-test',
      PERPLEXITY_BASE_URL: fake.url,
      AI_CONCURRENCY: '4',
      // Users' own servers in these tests are the fake on 127.0.0.1, as a self-hoster's Ollama would be.
      ALLOW_PRIVATE_AI_URLS: 'true',
    },
    { withWorkers: true },
  )
  callTuning.backoffBaseMs = 5
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
  await t.startTrial(alice)
  aliceId = await t.userIdOf(alice)
  bob = (await t.signUpVerified({ firstName: 'Bob' })).browser
  await t.startTrial(bob)
  // A fresh PGlite with every migration, then two sign-ups: slow on a busy machine.
}, 180_000)
afterAll(async () => {
  await t?.close()
  await fake?.stop()
})
beforeEach(() => fake.reset({ answer: ({ messages }) => ({ reasoning: 'From the row', confidence: 0.9, value: `About ${companyOf(messages)}` }) }))

/** The Company value of the row a call is about (its first user message holds the row's values). */
function companyOf(messages: FakeAiMessage[]) {
  const rowPart = messages.find((m) => m.role === 'user')?.content ?? ''
  // A key check asks 'Hi': no row.
  if (!rowPart.includes('{')) return '?'
  return (JSON.parse(rowPart.slice(rowPart.indexOf('{'))) as Record<string, string>).Company ?? '?'
}

const leads = csvOf(
  ['Name', 'Company', 'Employees'],
  [
    ['Ada', 'Acme', '120'],
    ['Bob', 'Globex', '45'],
    ['Cy', 'Initech', '7'],
    ['Di', 'Acme', '120'],
    ['Ed', 'Umbrella', '3000'],
  ],
)

/** A lead list of n rows, each company different. */
const firms = (n: number, prefix: string) => csvOf(['Name', 'Company', 'Employees'], Array.from({ length: n }, (_, i) => [`Person ${i}`, `${prefix} ${i}`, String(10 + i)]))

const balance = async (userId = aliceId) => (await db.select().from(subscribers).where(eq(subscribers.userId, userId)))[0]!.currentCredits
const setBalance = (credits: number, userId = aliceId) => db.update(subscribers).set({ currentCredits: credits }).where(eq(subscribers.userId, userId))

type FieldApi = TestBrowser['api']['uploads'][':id']['ai-fields']

async function createField(uploadId: string, json: InferRequestType<FieldApi['$post']>['json'], browser = alice) {
  const res = await browser.api.uploads[':id']['ai-fields'].$post({ param: { id: uploadId }, json })
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`)
  return readJson(res, aiFieldSchema)
}

const getField = async (uploadId: string, fieldId: string, browser = alice) =>
  readJson(await browser.api.uploads[':id']['ai-fields'][':fieldId'].$get({ param: { id: uploadId, fieldId } }), aiFieldSchema)

async function estimate(uploadId: string, fieldId: string, json: InferRequestType<FieldApi[':fieldId']['estimate']['$post']>['json'], browser = alice) {
  return readJson(await browser.api.uploads[':id']['ai-fields'][':fieldId'].estimate.$post({ param: { id: uploadId, fieldId }, json }), aiRunEstimateSchema)
}

async function waitForField(uploadId: string, fieldId: string, isDone: (f: AiField) => boolean = (f) => f.status === 'completed') {
  return until('the AI field', () => getField(uploadId, fieldId), isDone)
}

async function run(uploadId: string, fieldId: string, json: InferRequestType<FieldApi[':fieldId']['runs']['$post']>['json'] = { scope: 'all' }) {
  const res = await alice.api.uploads[':id']['ai-fields'][':fieldId'].runs.$post({ param: { id: uploadId, fieldId }, json })
  if (res.status !== 202) throw new Error(`run failed: ${res.status} ${await res.text()}`)
  return readJson(res, aiRunStartedSchema)
}

/**
 * A 40-row run paused while most of its cells are still queued: the first calls answer at once,
 * the later ones take `slowMs`. Returns the field as it settled (nothing running) and the balance
 * before the run.
 */
async function pausedRun(file: string, prefix: string, slowMs: number) {
  const id = await importCsv(alice, file, firms(40, prefix))
  fake.options.latencyMs = () => (fake.calls.length <= 2 ? 20 : slowMs)
  const field = await createField(id, { name: 'Blurb', prompt: 'Write about {Company}' })
  const before = await balance()
  await run(id, field.id)
  await waitForField(id, field.id, (f) => f.counts.done >= 1)
  expect((await alice.post(`/api/uploads/${id}/ai-fields/${field.id}/pause`, {})).status).toBe(200)
  const paused = await waitForField(id, field.id, (f) => f.status === 'paused' && f.counts.running === 0)
  return { id, field, before, paused }
}

const rowsOf = async (uploadId: string) => (await (await alice.api.uploads[':id'].rows.$get({ param: { id: uploadId }, query: {} })).json()).data
const cellsOf = async (uploadId: string, fieldId: string, rows = '0,1,2,3,4', browser = alice) =>
  (await readJson(await browser.api.uploads[':id']['ai-fields'][':fieldId'].cells.$get({ param: { id: uploadId, fieldId }, query: { rowIndexes: rows } }), aiCellListSchema)).cells
const chargesFor = (fieldId: string) =>
  db
    .select()
    .from(creditTransactions)
    .where(and(eq(creditTransactions.userId, aliceId), like(creditTransactions.idempotencyKey, `ai:${fieldId}:%`)))

describe('creating an AI field', () => {
  it('creates the field and its AI column, typed by its output', async () => {
    const id = await importCsv(alice, 'create.csv', leads)
    const field = await createField(id, { name: 'Size', prompt: 'How many staff does {Company} have? It says {employees}.', outputType: { kind: 'number' } })
    expect(field).toMatchObject({ name: 'Size', status: 'idle', promptVersion: 1, outputType: { kind: 'number' }, webSearch: false, counts: { total: 0 } })
    const detail = await getUploadDetail(alice, id)
    expect(detail.columns.at(-1)).toMatchObject({ key: field.columnKey, name: 'Size', kind: 'ai', type: 'number' })
    expect(detail.aiColumnCount).toBe(1)
  })

  it("lists the files whose AI fields use a template's prompt, and only the user's own", async () => {
    const prompt = 'Which industry is {Company} in?'
    const first = await importCsv(alice, 'used-first.csv', leads)
    const second = await importCsv(alice, 'used-second.csv', leads)
    await createField(first, { name: 'Industry', prompt })
    await createField(second, { name: 'Industry', prompt })
    const template = { name: 'Industry', field_name: 'Industry', prompt_template: prompt, enable_advanced_search: false }
    expect((await alice.post('/api/templates', template)).status).toBe(201)
    expect((await bob.post('/api/templates', template)).status).toBe(201)

    const mine = (await (await alice.api.templates.$get({ query: {} })).json()).data.find((t) => t.prompt_template === prompt)!
    expect([...mine.used_in].sort()).toEqual(['used-first.csv', 'used-second.csv'])
    expect(mine.used_in_count).toBe(2)
    const theirs = (await (await bob.api.templates.$get({ query: {} })).json()).data.find((t) => t.prompt_template === prompt)!
    expect(theirs.used_in).toEqual([])
    expect(theirs.used_in_count).toBe(0)
  })

  it('refuses an empty name or prompt, unknown columns, a taken name, and a fifth field on the trial', async () => {
    const id = await importCsv(alice, 'rules.csv', leads)
    expect((await alice.post(`/api/uploads/${id}/ai-fields`, { name: ' ', prompt: 'x' })).status).toBe(422)
    expect((await alice.post(`/api/uploads/${id}/ai-fields`, { name: 'A', prompt: '  ' })).status).toBe(422)
    const unknown = await alice.post(`/api/uploads/${id}/ai-fields`, { name: 'A', prompt: 'Describe {Company} in {Country}' })
    expect(unknown.status).toBe(422)
    expect((await errorOf(unknown)).message).toBe('The prompt refers to {Country}, which is not a column of this file.')
    const badChoice = await alice.post(`/api/uploads/${id}/ai-fields`, { name: 'A', prompt: 'x', outputType: { kind: 'choice', choices: ['Only'] } })
    expect(badChoice.status).toBe(422)
    const taken = await alice.post(`/api/uploads/${id}/ai-fields`, { name: 'company', prompt: 'x' })
    expect(taken.status).toBe(409)
    expect(await errorOf(taken)).toMatchObject({ message: "'company' is already a column. Please choose a different name." })
    await createField(id, { name: 'One', prompt: 'About {Company}' })
    const aiTaken = await alice.post(`/api/uploads/${id}/ai-fields`, { name: 'one', prompt: 'x' })
    expect((await errorOf(aiTaken)).message).toBe("'one' is already an AI field. Please choose a different name.")
    await createField(id, { name: 'Two', prompt: 'About {Company}' })
    await createField(id, { name: 'Three', prompt: 'About {Company}' })
    const capped = await alice.post(`/api/uploads/${id}/ai-fields`, { name: 'Four', prompt: 'About {Company}' })
    expect(capped.status).toBe(403)
    expect(await errorOf(capped)).toMatchObject({
      message: 'Your current plan allows up to 3 AI fields. Please add more credits or contact support for higher limits.',
      details: { title: 'AI Field Limit Reached' },
    })
  })
})

describe('testing a prompt', { timeout: 90_000 }, () => {
  it('answers for one row and charges 1 credit, 2 with web search', async () => {
    const id = await importCsv(alice, 'test.csv', leads)
    const before = await balance()
    const res = await alice.api.uploads[':id']['ai-fields'].test.$post({ param: { id }, json: { prompt: 'Summarise {Company}', rowIndex: 1 } })
    expect(res.status).toBe(200)
    const body = await readJson(res, testAiPromptResultSchema)
    expect(body).toMatchObject({ value: 'About Globex', display: 'About Globex', renderedPrompt: 'Summarise Globex', remainingCredits: before - 1 })
    expect(body.provenance).toMatchObject({ reasoning: 'From the row', confidence: 0.9, model: 'fake-model', credits: 1, ownKey: false })
    expect(await balance()).toBe(before - 1)

    fake.options.citations = ['https://globex.example/about']
    const web = await (await alice.api.uploads[':id']['ai-fields'].test.$post({ param: { id }, json: { prompt: 'Research {Company}', rowIndex: 1, webSearch: true } })).json()
    expect(web.provenance).toMatchObject({ provider: 'perplexity', model: 'sonar', credits: 2, sources: ['https://globex.example/about'] })
    expect(fake.calls.at(-1)!.path).toBe('/chat/completions')
    expect(await balance()).toBe(before - 3)
  })

  it('refunds a test the provider could not answer, and says so', async () => {
    const id = await importCsv(alice, 'test-fail.csv', leads)
    const before = await balance()
    fake.failNext.push(...Array(callTuning.maxAttempts).fill(500))
    const res = await alice.post(`/api/uploads/${id}/ai-fields/test`, { prompt: 'Summarise {Company}', rowIndex: 0 })
    expect(res.status).toBe(503)
    expect(await errorOf(res)).toMatchObject({ details: { title: 'Test Failed' } })
    expect(await balance()).toBe(before)
  })

  it('refuses a test without credits with the spec words, and rows past the first 1000', async () => {
    const id = await importCsv(alice, 'many.csv', firms(1002, 'Co'))
    const far = await alice.post(`/api/uploads/${id}/ai-fields/test`, { prompt: 'Summarise {Company}', rowIndex: 1001 })
    expect(far.status).toBe(422)
    const before = await balance()
    await setBalance(0)
    const broke = await alice.post(`/api/uploads/${id}/ai-fields/test`, { prompt: 'Summarise {Company}', rowIndex: 0 })
    expect(broke.status).toBe(402)
    expect((await errorOf(broke)).message).toBe('You need 1 credits to test this prompt. 0 remaining.')
    await setBalance(before)
  })

  it('tells how to connect a provider when none is configured', async () => {
    const id = await importCsv(alice, 'none.csv', leads)
    const saved = { key: env.OPENAI_API_KEY, url: env.OPENAI_BASE_URL, pplx: env.PERPLEXITY_API_KEY }
    Object.assign(env, { OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined, PERPLEXITY_API_KEY: undefined })
    try {
      const res = await alice.post(`/api/uploads/${id}/ai-fields/test`, { prompt: 'Summarise {Company}', rowIndex: 0 })
      expect(res.status).toBe(503)
      expect((await errorOf(res)).message).toContain('Add your own key in API Settings')
      const status = await readJson(await alice.request('/api/ai/provider'), aiProviderStatusSchema)
      expect(status).toMatchObject({ configured: false, message: expect.stringContaining('OPENAI_API_KEY') })
    } finally {
      Object.assign(env, { OPENAI_API_KEY: saved.key, OPENAI_BASE_URL: saved.url, PERPLEXITY_API_KEY: saved.pplx })
    }
  })
})

describe('running an AI field', { timeout: 90_000 }, () => {
  it('estimates, runs, writes values with provenance into the rows and charges each cell once', async () => {
    const id = await importCsv(alice, 'run.csv', leads)
    const field = await createField(id, { name: 'Blurb', prompt: 'Write about {Company}' })
    const before = await balance()
    // Rows 0 and 3 ask the same: four calls, four credits.
    expect(await estimate(id, field.id, { scope: 'all' })).toMatchObject({ rows: 5, cells: 5, calls: 4, creditsPerCell: 1, credits: 4, balance: before, covered: true, ownKey: false })
    const started = await run(id, field.id)
    expect(started).toMatchObject({ started: true, total_rows: 5 })
    const done = await waitForField(id, field.id)
    expect(done).toMatchObject({ counts: { done: 5, total: 5 }, processedRows: 5, totalRows: 5, run: { creditsSpent: 4 } })
    const rows = await rowsOf(id)
    expect(rows.map((r) => r.values[field.columnKey])).toEqual(['About Acme', 'About Globex', 'About Initech', 'About Acme', 'About Umbrella'])
    // Rows 0 and 3 have the same inputs: one call, one charge; the copy is marked reused.
    expect(fake.answeredCalls).toHaveLength(4)
    expect(await balance()).toBe(before - 4)
    expect(await chargesFor(field.id)).toHaveLength(4)
    const cells = await cellsOf(id, field.id)
    expect(cells[0]!.provenance).toMatchObject({ reasoning: 'From the row', confidence: 0.9, model: 'fake-model', provider: 'openai_compatible', promptVersion: 1, credits: 1, reused: false })
    const cell = await alice.api.uploads[':id']['ai-fields'][':fieldId'].cells[':rowIndex'].$get({ param: { id, fieldId: field.id, rowIndex: '0' } })
    expect(await readJson(cell, aiCellSchema)).toEqual(cells[0])
    expect(cells[0]!.provenance!.tokens.input).toBeGreaterThan(0)
    expect(cells[3]!.provenance).toMatchObject({ reused: true, credits: 0 })
    expect(cells[0]!.provenance!.inputHash).toBe(cells[3]!.provenance!.inputHash)
    const listed = await readJson(await alice.api.uploads[':id']['ai-fields'].$get({ param: { id } }), aiFieldListSchema)
    expect(listed.enrichedRows).toBe(5)
    expect((await getUploadDetail(alice, id)).enrichedRows).toBe(5)
    expect((await readJson(await alice.api.ai.stats.$get(), aiStatsSchema)).enrichedRows).toBeGreaterThanOrEqual(5)
  })

  it("estimates the time from this provider and model's recent calls (their own time, not the wait for a slot) and the concurrency", async () => {
    // Long enough that a busy machine's own delays stay well under the wait for a slot (a call's length).
    fake.options.latencyMs = 400
    const first = await importCsv(alice, 'timed.csv', firms(8, 'Timed'))
    const timed = await createField(first, { name: 'Blurb', prompt: 'Write about {Company}' })
    await run(first, timed.id)
    await waitForField(first, timed.id)
    // Eight cells in flight on four slots: half of them waited a call's length for a slot.
    const latencies = (await cellsOf(first, timed.id, '0,1,2,3,4,5,6,7')).map((c) => c.provenance!.latencyMs)
    expect(Math.max(...latencies)).toBeGreaterThanOrEqual(390)
    expect(Math.max(...latencies)).toBeLessThan(740)
    // A new field of 400 rows has no calls of its own: the latest runs of the same model speak for it.
    const next = await importCsv(alice, 'timed-next.csv', firms(400, 'Next'))
    const field = await createField(next, { name: 'Blurb', prompt: 'Write about {Company}' })
    const estimated = await estimate(next, field.id, { scope: 'all' })
    expect(estimated.timing).toMatchObject({ basis: 'history', concurrency: 4 })
    expect(estimated.timing.sampleCalls).toBeGreaterThanOrEqual(8)
    expect(estimated.timing.secondsPerCall).toBeLessThan(0.74)
    // 100 waves of four calls at no more than 0.74 s, where the assumed 2 s a call made 200 s.
    expect(estimated.estimatedSeconds).toBeLessThanOrEqual(74)
  })

  it("streams the file's AI events live: cells as they finish, the run's progress to the end, not to another user", async () => {
    const id = await importCsv(alice, 'live.csv', firms(6, 'Live'))
    const field = await createField(id, { name: 'Blurb', prompt: 'Write about {Company}' })
    const stream = await alice.request(`/api/uploads/${id}/ai-fields/events`)
    expect(stream.headers.get('content-type')).toContain('text/event-stream')
    expect((await bob.request(`/api/uploads/${id}/ai-fields/events`)).status).toBe(404)
    await run(id, field.id)
    const isEnd = (e: AppEvent) => e.type === 'field.progress' && e.status === 'completed'
    const events = await readEvents(stream, isEnd)
    expect(events.every((e) => 'uploadId' in e && e.uploadId === id)).toBe(true)
    const cells = events.flatMap((e) => (e.type === 'cell.updated' ? e.cells : []))
    expect(cells.map((c) => c.rowIndex).sort()).toEqual([0, 1, 2, 3, 4, 5])
    expect(cells.every((c) => c.status === 'done' && c.display === `About Live ${c.rowIndex}`)).toBe(true)
    expect(events.find(isEnd)).toMatchObject({ fieldId: field.id, processedRows: 6, totalRows: 6, done: 6, creditsSpent: 6 })
  })

  it('keeps numbers as numbers: the column sorts numerically', async () => {
    const id = await importCsv(alice, 'numbers.csv', leads)
    fake.options.answer = ({ messages }) => ({ reasoning: 'r', confidence: 1, value: companyOf(messages).length * 10 })
    const field = await createField(id, { name: 'Score', prompt: 'Score {Company}', outputType: { kind: 'number' } })
    await run(id, field.id)
    await waitForField(id, field.id)
    const sorted = (await (await alice.api.uploads[':id'].rows.$get({ param: { id }, query: { sort: `${field.columnKey}:desc` } })).json()).data
    expect(sorted.map((r) => r.values[field.columnKey])).toEqual(['80', '70', '60', '40', '40'])
  })

  it('ends every cell done with one charge each when the provider answers 429 and 500 now and then', async () => {
    const id = await importCsv(alice, 'faults.csv', firms(40, 'Firm'))
    fake.reset({ ...fake.options, rate429: 0.1, rate500: 0.05, retryAfterSeconds: 0.05, maxFailuresPerRequest: 2, seed: 7 })
    const field = await createField(id, { name: 'Blurb', prompt: 'Write about {Company}' })
    const before = await balance()
    await run(id, field.id)
    const done = await waitForField(id, field.id)
    expect(done.counts).toMatchObject({ done: 40, error: 0 })
    expect(fake.calls.filter((c) => c.status === 429).length).toBeGreaterThan(0)
    expect(fake.calls.filter((c) => c.status === 500).length).toBeGreaterThan(0)
    // Retried until answered, and answered once per row: no cell was called again after its answer.
    expect(fake.answeredCalls).toHaveLength(40)
    expect(new Set(fake.answeredCalls.map((c) => c.lastUserText)).size).toBe(40)
    const charges = await chargesFor(field.id)
    expect(charges).toHaveLength(40)
    expect(charges.every((c) => c.amount === -1)).toBe(true)
    expect(new Set(charges.map((c) => c.idempotencyKey)).size).toBe(40)
    expect(await balance()).toBe(before - 40)
  })

  it('refunds cells that fail and shows their error', async () => {
    const id = await importCsv(alice, 'refund.csv', leads)
    fake.options.answer = ({ messages }) =>
      companyOf(messages) === 'Globex' ? { reasoning: 'r', confidence: 1, value: 'not-a-number' } : { reasoning: 'r', confidence: 1, value: 5 }
    const field = await createField(id, { name: 'N', prompt: 'Count {Company}', outputType: { kind: 'number' } })
    const before = await balance()
    await run(id, field.id)
    const done = await waitForField(id, field.id)
    expect(done.counts).toMatchObject({ done: 4, error: 1 })
    const [failed] = await cellsOf(id, field.id, '1')
    expect(failed).toMatchObject({ status: 'error', error: expect.stringContaining('did not fit the column type') })
    // Four calls charged (one reused), the failed one given back.
    expect(await balance()).toBe(before - 3)
    const refunds = await db.select().from(creditTransactions).where(eq(creditTransactions.idempotencyKey, `refund:ai:${field.id}:1:1`))
    expect(refunds).toHaveLength(1)
  })

  it('repairs a reply that is not JSON: the cell holds the repaired value, never the prose', async () => {
    const prose = 'Sure! The answer is probably something like that.'
    const id = await importCsv(alice, 'prose.csv', leads)
    fake.options.firstAttemptAnswer = ({ messages }) => (companyOf(messages) === 'Globex' || companyOf(messages) === 'Initech' ? prose : undefined)
    const field = await createField(id, { name: 'Blurb', prompt: 'Write about {Company}' })
    await run(id, field.id)
    expect((await waitForField(id, field.id)).counts).toMatchObject({ done: 5, error: 0 })
    const rows = await rowsOf(id)
    expect(rows.map((r) => r.values[field.columnKey])).toEqual(['About Acme', 'About Globex', 'About Initech', 'About Acme', 'About Umbrella'])
    const [globex] = await cellsOf(id, field.id, '1')
    expect(globex).toMatchObject({ attempts: 2, provenance: { reasoning: 'From the row', confidence: 0.9 } })

    // Prose on both attempts: the cell fails (and is refunded); the prose is in no row.
    fake.options.answer = () => prose
    const again = await createField(id, { name: 'Blurb 2', prompt: 'Describe {Company}' })
    const before = await balance()
    await run(id, again.id)
    expect((await waitForField(id, again.id)).counts).toMatchObject({ done: 0, error: 5 })
    expect((await rowsOf(id)).every((r) => !r.values[again.columnKey])).toBe(true)
    const [failed] = await cellsOf(id, again.id, '1')
    expect(failed).toMatchObject({ status: 'error', error: expect.stringContaining('did not fit the column type') })
    expect(await balance()).toBe(before)
  })

  it('marks cells the balance cannot pay for, and stops at a credit budget', async () => {
    const id = await importCsv(alice, 'broke.csv', firms(8, 'Firm'))
    const field = await createField(id, { name: 'Blurb', prompt: 'Write about {Company}' })
    const saved = await balance()
    await setBalance(3)
    await run(id, field.id)
    const done = await waitForField(id, field.id)
    expect(done.counts).toMatchObject({ done: 3, no_credits: 5 })
    expect(done.run).toMatchObject({ stopReason: 'no_credits' })
    expect(await balance()).toBe(0)
    const [cell] = (await cellsOf(id, field.id, '0,1,2,3,4,5,6,7')).filter((c) => c.status === 'no_credits')
    expect(cell!.error).toBe('Insufficient credits')
    await setBalance(saved)

    expect(await estimate(id, field.id, { scope: 'failed', budget: 2 })).toMatchObject({ rows: 5, cells: 2, credits: 2, budget: 2 })
    await run(id, field.id, { scope: 'failed', budget: 2 })
    const budgeted = await waitForField(id, field.id)
    expect(budgeted.counts).toMatchObject({ done: 5, cancelled: 3 })
    expect(budgeted.run).toMatchObject({ stopReason: 'budget', creditsSpent: 2 })
    expect(await balance()).toBe(saved - 2)
  })

  it('pays later cells with the refunds of failed ones: no cell ends without credits while the balance pays one', async () => {
    const id = await importCsv(alice, 'short.csv', firms(12, 'Short'))
    // The first three rows always fail (a word for a number, twice) and are refunded; the others answer a little later.
    const failing = new Set(['Short 0', 'Short 1', 'Short 2'])
    fake.options.answer = ({ messages }) => (failing.has(companyOf(messages)) ? { reasoning: 'r', confidence: 1, value: 'many' } : { reasoning: 'r', confidence: 1, value: 5 })
    fake.options.latencyMs = ({ messages }) => (failing.has(companyOf(messages)) ? 0 : 150)
    const field = await createField(id, { name: 'N', prompt: 'Count {Company}', outputType: { kind: 'number' } })
    const saved = await balance()
    await setBalance(6)
    try {
      await run(id, field.id)
      const done = await waitForField(id, field.id)
      // 6 credits: 3 failed cells charged and refunded, then 6 cells paid with what was left.
      expect(done.counts).toMatchObject({ done: 6, error: 3, no_credits: 3 })
      expect(done.run).toMatchObject({ stopReason: 'no_credits' })
      expect(await balance()).toBe(0)
      // The usage history shows the run, its refunds between its charges, as one entry.
      const history = await (await alice.api.billing.credits.transactions.$get({ query: {} })).json()
      expect(history.data[0]).toMatchObject({ operation: 'ai_enrichment_basic', cells: 9, refunded_cells: 3, amount: -6, balance_after: 0, reference: `${field.id}:1` })
    } finally {
      await setBalance(saved)
    }
  })

  it('pauses, resumes and cancels a run; cancelled cells are not charged', async () => {
    const { id, field, before, paused: settled } = await pausedRun('control.csv', 'Firm', 1500)
    await new Promise((resolve) => setTimeout(resolve, 200))
    const stillPaused = await waitForField(id, field.id, () => true)
    expect(stillPaused.counts.done).toBe(settled.counts.done)
    expect(stillPaused.counts.queued).toBeGreaterThan(0)
    fake.options.latencyMs = 300
    expect((await alice.post(`/api/uploads/${id}/ai-fields/${field.id}/resume`, {})).status).toBe(200)
    await waitForField(id, field.id, (f) => f.counts.done > settled.counts.done + 2)
    const cancelled = await readJson(await alice.api.uploads[':id']['ai-fields'][':fieldId'][':action'].$post({ param: { id, fieldId: field.id, action: 'cancel' } }), aiFieldSchema)
    expect(cancelled).toMatchObject({ status: 'completed', run: { stopReason: 'cancelled' } })
    const end = await waitForField(id, field.id, (f) => f.counts.running === 0)
    expect(end.counts.cancelled).toBeGreaterThan(0)
    expect(fake.maxInFlight).toBeLessThanOrEqual(4)
    expect(end.counts.done + end.counts.cancelled).toBe(40)
    expect(await balance()).toBe(before - end.counts.done)
    expect((await alice.post(`/api/uploads/${id}/ai-fields/${field.id}/cancel`, {})).status).toBe(409)
  })

  it('runs one job per field in a process: another job for it ends at once, and the run is asked once per row', async () => {
    const id = await importCsv(alice, 'one-job.csv', firms(12, 'Solo'))
    fake.options.latencyMs = 500
    const field = await createField(id, { name: 'Blurb', prompt: 'Write about {Company}' })
    await run(id, field.id)
    await waitForField(id, field.id, (f) => f.counts.running > 0)
    // The worker's job holds the field: a second job here has nothing to add (PGlite: no other process to pass it to).
    const started = Date.now()
    expect(await runFieldSlice({ fieldId: field.id, mayPassOn: false })).toBe('idle')
    expect(Date.now() - started).toBeLessThan(300)
    const done = await waitForField(id, field.id)
    expect(done.counts).toMatchObject({ total: 12, done: 12 })
    expect(fake.answeredCalls).toHaveLength(12)
  })

  it('a run whose queued rows are deleted still ends, without asking about them or charging for them', async () => {
    const { id, field, before, paused } = await pausedRun('shrink.csv', 'Shrink', 800)
    expect(paused.counts.queued).toBeGreaterThan(2)
    // The last two rows are still queued: delete them, then resume.
    const deleted = await alice.request(`/api/uploads/${id}/rows`, { method: 'DELETE', json: { rowIndexes: [38, 39] } })
    expect(deleted.status).toBe(200)
    fake.options.latencyMs = 20
    expect((await alice.post(`/api/uploads/${id}/ai-fields/${field.id}/resume`, {})).status).toBe(200)
    const done = await waitForField(id, field.id)
    expect(done.counts).toMatchObject({ total: 38, done: 38, queued: 0, running: 0 })
    expect(await balance()).toBe(before - 38)
    expect(fake.answeredCalls.some((c) => c.lastUserText.includes('Shrink 38') || c.lastUserText.includes('Shrink 39'))).toBe(false)
  })

  it('marks cells stale when an input or the prompt changes, and clears a column', async () => {
    const id = await importCsv(alice, 'stale.csv', leads)
    const field = await createField(id, { name: 'Blurb', prompt: 'Write about {Company}' })
    const other = await createField(id, { name: 'Name blurb', prompt: 'Write about {Name}' })
    await run(id, field.id)
    await waitForField(id, field.id)
    await run(id, other.id)
    await waitForField(id, other.id)
    const edit = await alice.request(`/api/uploads/${id}/rows/2`, { method: 'PATCH', json: { column: 'c2', value: 'Initrode' } })
    expect(edit.status).toBe(200)
    const [cell] = await cellsOf(id, field.id, '2')
    expect(cell!.status).toBe('stale')
    // The other field does not use Company: its cell stays done.
    expect((await cellsOf(id, other.id, '2'))[0]!.status).toBe('done')
    expect((await estimate(id, field.id, { scope: 'stale' })).rows).toBe(1)
    await run(id, field.id, { scope: 'stale' })
    await waitForField(id, field.id)
    expect((await rowsOf(id))[2]!.values[field.columnKey]).toBe('About Initrode')

    const changed = await readJson(
      await alice.api.uploads[':id']['ai-fields'][':fieldId'].$patch({ param: { id, fieldId: field.id }, json: { prompt: 'Describe {Company} briefly' } }),
      aiFieldSchema,
    )
    expect(changed).toMatchObject({ promptVersion: 2, counts: { stale: 5, done: 0 } })

    const cleared = await alice.api.uploads[':id']['ai-fields'][':fieldId'].clear.$post({ param: { id, fieldId: field.id } })
    expect(cleared.status).toBe(200)
    expect((await readJson(cleared, aiFieldSchema)).counts.total).toBe(0)
    expect((await rowsOf(id)).every((r) => r.values[field.columnKey] === undefined)).toBe(true)
  })

  it("hides one user's fields, cells and runs from another", async () => {
    const id = await importCsv(alice, 'private.csv', leads)
    const field = await createField(id, { name: 'Blurb', prompt: 'Write about {Company}' })
    expect((await bob.request(`/api/uploads/${id}/ai-fields`)).status).toBe(404)
    expect((await bob.request(`/api/uploads/${id}/ai-fields/${field.id}`)).status).toBe(404)
    expect((await bob.post(`/api/uploads/${id}/ai-fields/${field.id}/runs`, { scope: 'all' })).status).toBe(404)
    expect((await bob.post(`/api/uploads/${id}/ai-fields/${field.id}/estimate`, { scope: 'all' })).status).toBe(404)
    expect((await bob.post(`/api/uploads/${id}/ai-fields/${field.id}/cancel`, {})).status).toBe(404)
    expect((await bob.request(`/api/uploads/${id}/ai-fields/${field.id}`, { method: 'DELETE' })).status).toBe(404)
    expect((await bob.post(`/api/uploads/${id}/ai-fields/test`, { prompt: 'x {Company}', rowIndex: 0 })).status).toBe(404)
    const bobsUpload = await importCsv(bob, 'bob.csv', leads)
    expect((await bob.request(`/api/uploads/${bobsUpload}/ai-fields/${field.id}`)).status).toBe(404)
  })

  it('answers a malformed upload or field id with the 404 of an unknown one; a bad row index or action stays a 422', async () => {
    const id = await importCsv(alice, 'ids.csv', leads)
    const field = await createField(id, { name: 'Blurb', prompt: 'Write about {Company}' })
    const fieldApi = alice.api.uploads[':id']['ai-fields'][':fieldId']
    type Ids = { id: string; fieldId: string }
    const routes: Array<[string, (ids: Ids) => Promise<Response>]> = [
      ['field', (ids) => fieldApi.$get({ param: ids })],
      ['cell', (ids) => fieldApi.cells[':rowIndex'].$get({ param: { ...ids, rowIndex: '0' } })],
      ['action', (ids) => fieldApi[':action'].$post({ param: { ...ids, action: 'pause' } })],
    ]
    for (const [route, call] of routes) {
      const unknownUpload = await errorOf(await call({ id: randomUUID(), fieldId: field.id }))
      const unknownField = await errorOf(await call({ id, fieldId: randomUUID() }))
      expect([route, unknownUpload, unknownField]).toEqual([
        route,
        { code: 'NOT_FOUND', message: UPLOAD_NOT_FOUND },
        { code: 'NOT_FOUND', message: AI_FIELD_MESSAGES.fieldNotFound },
      ])
      const malformed: Array<[Ids, unknown]> = [
        [{ id: 'not-a-uuid', fieldId: field.id }, unknownUpload],
        [{ id, fieldId: 'not-a-uuid' }, unknownField],
        // The upload answers first, as it does for two unknown ids.
        [{ id: 'not-a-uuid', fieldId: 'not-a-uuid' }, unknownUpload],
      ]
      for (const [ids, body] of malformed) {
        const res = await call(ids)
        expect([route, ids, res.status, await errorOf(res)]).toEqual([route, ids, 404, body])
      }
    }

    // A row index or an action names no thing of the user's: malformed, it is refused as input.
    const badRow = await fieldApi.cells[':rowIndex'].$get({ param: { id, fieldId: field.id, rowIndex: 'first' } })
    expect([badRow.status, (await errorOf(badRow)).code]).toEqual([422, 'VALIDATION_FAILED'])
    const badAction = await alice.post(`/api/uploads/${id}/ai-fields/${field.id}/restart`, {})
    expect([badAction.status, (await errorOf(badAction)).code]).toEqual([422, 'VALIDATION_FAILED'])
    // A malformed id still wins over them.
    const both = await alice.post(`/api/uploads/${id}/ai-fields/not-a-uuid/restart`, {})
    expect([both.status, await errorOf(both)]).toEqual([404, { code: 'NOT_FOUND', message: AI_FIELD_MESSAGES.fieldNotFound }])
  })

  it('checks the ids of a run before the payment gate, as it does when creating a field', async () => {
    const { browser: carol } = await t.signUpVerified({ firstName: 'Carol' })
    const id = await importCsv(carol, 'gate.csv', leads)
    await db.update(subscribers).set({ trialEndsAt: new Date(Date.now() - 60_000) }).where(eq(subscribers.userId, await t.userIdOf(carol)))
    const malformed = await carol.post(`/api/uploads/${id}/ai-fields/not-a-uuid/runs`, { scope: 'all' })
    expect([malformed.status, await errorOf(malformed)]).toEqual([404, { code: 'NOT_FOUND', message: AI_FIELD_MESSAGES.fieldNotFound }])
    const wellFormed = await carol.post(`/api/uploads/${id}/ai-fields/${randomUUID()}/runs`, { scope: 'all' })
    expect(wellFormed.status).toBe(402)
  })

  it("runs on the user's own key without charging credits", async () => {
    const { browser: carol } = await t.signUpVerified({ firstName: 'Carol' })
    await t.startTrial(carol)
    const carolId = await t.userIdOf(carol)
    const saved = await carol.post('/api/api-keys', { provider: 'openai', api_key: 'sk-carol-own-key' })
    expect(saved.status, await saved.clone().text()).toBe(201)
    expect(JSON.stringify(await saved.json())).not.toContain('sk-carol-own-key')
    expect((await carol.request('/api/api-keys/preference', { method: 'PUT', json: { prefer_api_key: true } })).status).toBe(200)
    const id = await importCsv(carol, 'own.csv', leads)
    const field = await createField(id, { name: 'Blurb', prompt: 'Write about {Company}' }, carol)
    const before = await balance(carolId)
    // Nobody's platform runs speak for an own key: before its first call, the estimate says it assumes.
    expect(await estimate(id, field.id, { scope: 'all' }, carol)).toMatchObject({ ownKey: true, credits: 0, covered: true, timing: { basis: 'assumed', sampleCalls: 0 } })
    expect((await carol.post(`/api/uploads/${id}/ai-fields/${field.id}/runs`, { scope: 'all' })).status).toBe(202)
    const done = await until('the run to complete', () => getField(id, field.id, carol), (f) => f.status === 'completed')
    expect(done.counts.done).toBe(5)
    expect(await balance(carolId)).toBe(before)
    expect(fake.answeredCalls.every((c) => c.apiKey === 'sk-carol-own-key')).toBe(true)
    const [cell] = await cellsOf(id, field.id, '0', carol)
    expect(cell!.provenance).toMatchObject({ ownKey: true, credits: 0 })
    expect((await estimate(id, field.id, { scope: 'all' }, carol)).timing).toMatchObject({ basis: 'history', sampleCalls: 4 })
  })

  it("checks a user's own base URL on every call: once private addresses are no longer allowed, its cells fail without reaching it", async () => {
    const { browser: dan } = await t.signUpVerified({ firstName: 'Dan' })
    await t.startTrial(dan)
    const danId = await t.userIdOf(dan)
    const saved = await dan.post('/api/api-keys', { provider: 'openai_compatible', base_url: fake.openaiBaseURL, model: 'llama3.1', api_key: 'sk-dan-local' })
    expect(saved.status, await saved.clone().text()).toBe(201)
    expect((await dan.request('/api/api-keys/preference', { method: 'PUT', json: { prefer_api_key: true } })).status).toBe(200)
    const id = await importCsv(dan, 'private.csv', leads)
    const field = await createField(id, { name: 'Blurb', prompt: 'Write about {Company}' }, dan)
    env.ALLOW_PRIVATE_AI_URLS = false
    try {
      fake.reset({ answer: () => ({ reasoning: 'r', confidence: 1, value: 'x' }) })
      expect((await dan.post(`/api/uploads/${id}/ai-fields/${field.id}/runs`, { scope: 'all' })).status).toBe(202)
      const done = await until('the run to complete', () => getField(id, field.id, dan), (f) => f.status === 'completed')
      expect(done.counts).toMatchObject({ done: 0, error: 5 })
      const [cell] = await cellsOf(id, field.id, '0', dan)
      expect(cell).toMatchObject({ status: 'error', error: AI_FIELD_MESSAGES.providerAddressRefused })
      expect(fake.calls.filter((c) => c.apiKey === 'sk-dan-local')).toHaveLength(0)
      expect((await db.select().from(subscribers).where(eq(subscribers.userId, danId)))[0]!.currentCredits).toBe(2000)
    } finally {
      env.ALLOW_PRIVATE_AI_URLS = true
    }
  })

  it('deletes a field with its column and values', async () => {
    const id = await importCsv(alice, 'delete.csv', leads)
    const field = await createField(id, { name: 'Blurb', prompt: 'Write about {Company}' })
    await run(id, field.id)
    await waitForField(id, field.id)
    const deleted = await alice.request(`/api/uploads/${id}/ai-fields/${field.id}`, { method: 'DELETE' })
    expect(deleted.status).toBe(200)
    expect((await readJson(deleted, columnsResponseSchema)).columns.map((column) => column.key)).not.toContain(field.columnKey)
    expect((await alice.request(`/api/uploads/${id}/ai-fields/${field.id}`)).status).toBe(404)
    const detail = await getUploadDetail(alice, id)
    expect(detail.columns.some((c) => c.key === field.columnKey)).toBe(false)
  })
})

describe('answers already known', { timeout: 90_000 }, () => {
  it("a cell whose inputs now equal a done row's takes that answer (same prompt version and model): no call, no charge", async () => {
    const id = await importCsv(alice, 'known.csv', leads)
    const field = await createField(id, { name: 'Blurb', prompt: 'Write about {Company}' })
    await run(id, field.id)
    await waitForField(id, field.id)
    // Row 1 (Globex) now names Acme, which rows 0 and 3 were asked about.
    expect((await alice.request(`/api/uploads/${id}/rows/1`, { method: 'PATCH', json: { column: 'c2', value: 'Acme' } })).status).toBe(200)
    fake.reset({ answer: () => ({ reasoning: 'asked again', confidence: 0.1, value: 'Asked again' }) })
    const before = await balance()
    await run(id, field.id, { scope: 'stale' })
    expect((await waitForField(id, field.id)).counts.done).toBe(5)
    expect(fake.answeredCalls).toHaveLength(0)
    expect(await balance()).toBe(before)
    const [cell] = await cellsOf(id, field.id, '1')
    expect(cell!.provenance).toMatchObject({ reused: true, credits: 0, reasoning: 'From the row' })
    expect((await rowsOf(id))[1]!.values[field.columnKey]).toBe('About Acme')
    // A new prompt version is a new question: a re-run asks each distinct input again (Acme, Initech, Umbrella).
    expect((await alice.request(`/api/uploads/${id}/ai-fields/${field.id}`, { method: 'PATCH', json: { prompt: 'Describe {Company}' } })).status).toBe(200)
    await run(id, field.id)
    await waitForField(id, field.id)
    expect(fake.answeredCalls).toHaveLength(3)
  })
})
