import { serve, type ServerType } from '@hono/node-server'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { and, eq, gt } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PAYMENT_MESSAGES } from '#common/messages'
import { aiCellListSchema, aiFieldSchema, type AiField } from '#common/schemas/enrichment'
import { addRowsResultSchema } from '#common/schemas/rows'
import { db } from '#server/db/client'
import { creditTransactions, subscribers } from '#server/db/schema/index'
import { callTuning } from '#server/modules/ai/retry-policy'
import { consumeCredits, consumeCreditsBatch } from '#server/modules/billing/credits.service'
import { readJson } from '#server/test/contract'
import { startFakeAiServer, type FakeAiServer } from '#server/test/fake-ai-server'
import { freePort } from '#server/test/server-process'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { until } from '#server/test/until'
import { csvOf, importCsv } from '#server/test/upload-helpers'
import { recoverEnrichmentRuns } from './enrichment.jobs.ts'
import { NO_ACTIVE_PLAN } from './runs/run-stops.ts'

/**
 * The payment gate where credits are spent (issue 41, decision 031): a user whose trial has ended
 * spends nothing through any door: 'Run on new rows' fed by REST or MCP, a stale cell re-run, a
 * resumed run, a run that was going when the trial ended. Each case counts the model calls and
 * the ledger, which today's route-only gate let through.
 */

let t: TestApp
let fake: FakeAiServer
let server: ServerType
let baseUrl: string
let alice: TestBrowser
let aliceId: string
const clients: Client[] = []

beforeAll(async () => {
  fake = await startFakeAiServer()
  t = await createTestApp(
    { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.openaiBaseURL, AI_MODEL: 'fake-model', AI_CONCURRENCY: '2', ALLOW_PRIVATE_AI_URLS: 'true' },
    { withWorkers: true },
  )
  callTuning.backoffBaseMs = 5
  const port = await freePort()
  server = serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1' })
  baseUrl = `http://127.0.0.1:${port}`
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
  aliceId = await t.userIdOf(alice)
}, 180_000)
afterAll(async () => {
  for (const client of clients) await client.close()
  await new Promise((resolve) => server?.close(resolve))
  await t?.close()
  await fake?.stop()
})
beforeEach(async () => {
  fake.reset({ answer: () => ({ reasoning: 'From the row', confidence: 0.9, value: 'Software' }) })
  // Each case starts inside a running trial (set directly: the local provider gives one trial a user).
  await setTrialEnd(new Date(Date.now() + 86_400_000))
  await db.update(subscribers).set({ currentCredits: 500 }).where(eq(subscribers.userId, aliceId))
})

async function setTrialEnd(endsAt: Date) {
  await db.insert(subscribers).values({ userId: aliceId }).onConflictDoNothing()
  await db.update(subscribers).set({ trialStartedAt: new Date(Date.now() - 20 * 86_400_000), trialEndsAt: endsAt, subscriptionTier: 'trial' }).where(eq(subscribers.userId, aliceId))
}
const endTrial = () => setTrialEnd(new Date(Date.now() - 1_000))

const balance = async () => (await db.select().from(subscribers).where(eq(subscribers.userId, aliceId)))[0]!.currentCredits
const chargesSince = async (since: Date) =>
  (await db.select().from(creditTransactions).where(and(eq(creditTransactions.userId, aliceId), gt(creditTransactions.createdAt, since)))).filter((row) => row.amount < 0)
const modelCalls = () => fake.calls.length

const LEADS = csvOf(
  ['Name', 'Company'],
  Array.from({ length: 4 }, (_, i) => [`P${i}`, `Firm ${i}`]),
)

async function createField(uploadId: string, json: Record<string, unknown>) {
  const res = await alice.api.uploads[':id']['ai-fields'].$post({ param: { id: uploadId }, json: { name: 'Industry', prompt: 'Which industry is {Company} in?', ...json } })
  expect(res.status, await res.clone().text()).toBe(201)
  return readJson(res, aiFieldSchema)
}
const fieldOf = async (uploadId: string, fieldId: string) => readJson(await alice.api.uploads[':id']['ai-fields'][':fieldId'].$get({ param: { id: uploadId, fieldId } }), aiFieldSchema)
const cellsOf = async (uploadId: string, fieldId: string, rows: number[]) =>
  (await readJson(await alice.api.uploads[':id']['ai-fields'][':fieldId'].cells.$get({ param: { id: uploadId, fieldId }, query: { rowIndexes: rows.join(',') } }), aiCellListSchema)).cells
const settled = (uploadId: string, fieldId: string) =>
  until('the run to end', () => fieldOf(uploadId, fieldId), (f: AiField) => f.status === 'completed' && f.counts.queued + f.counts.running === 0)

async function addRows(uploadId: string, rows: Array<Record<string, string>>) {
  const res = await alice.request(`/api/uploads/${uploadId}/rows`, { method: 'POST', json: { rows } })
  expect(res.status, await res.clone().text()).toBe(201)
  return readJson(res, addRowsResultSchema)
}

/** Waits long enough for a worker to have taken anything queued (the queue polls within a second). */
const quietFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('the payment gate at every door that spends', () => {
  it("adds rows by REST after the trial ended without running 'Run on new rows' on them", async () => {
    const id = await importCsv(alice, 'auto-rest.csv', LEADS)
    const field = await createField(id, { autoRun: { enabled: true } })
    expect(field.autoRun.enabled).toBe(true)
    await endTrial()
    const since = new Date()
    const credits = await balance()
    const added = await addRows(id, [{ Name: 'New', Company: 'Late Firm' }])
    await quietFor(1_500)
    // The row is stored (adding rows costs nothing); no cell was queued, no model called, nothing charged.
    expect(added.addedRowIndexes).toEqual([4])
    expect(await cellsOf(id, field.id, added.addedRowIndexes)).toEqual([])
    expect(modelCalls()).toBe(0)
    expect(await balance()).toBe(credits)
    expect(await chargesSince(since)).toEqual([])
  })

  it("adds rows by MCP's add_rows after the trial ended without running them", async () => {
    const id = await importCsv(alice, 'auto-mcp.csv', LEADS)
    const field = await createField(id, { autoRun: { enabled: true } })
    const token = (await (await alice.api['api-tokens'].$post({ json: { name: 'mcp', scope: 'read_write' } })).json()).token
    const client = new Client({ name: 'rowcraft-test', version: '1.0.0' })
    await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }))
    clients.push(client)
    await endTrial()
    const credits = await balance()
    const result = await client.callTool({ name: 'add_rows', arguments: { fileId: id, rows: [{ Name: 'Via MCP', Company: 'Agent Firm' }] } })
    expect(result.isError).not.toBe(true)
    await quietFor(1_500)
    expect((await fieldOf(id, field.id)).counts.total).toBe(0)
    expect(modelCalls()).toBe(0)
    expect(await balance()).toBe(credits)
  })

  it('does not re-run a stale cell after the trial ended, even when the column covers stale rows', async () => {
    const id = await importCsv(alice, 'stale.csv', LEADS)
    const field = await createField(id, { autoRun: { enabled: true, coverStale: true } })
    const added = await addRows(id, [{ Name: 'Alan', Company: 'Initech' }])
    const row = added.addedRowIndexes[0]!
    await settled(id, field.id)
    expect((await cellsOf(id, field.id, [row]))[0]).toMatchObject({ status: 'done' })
    const callsBefore = modelCalls()
    await endTrial()
    const credits = await balance()
    const edit = await alice.api.uploads[':id'].rows[':rowIndex'].$patch({ param: { id, rowIndex: String(row) }, json: { column: 'c2', value: 'Initrode' } })
    expect(edit.status, await edit.clone().text()).toBe(200)
    await quietFor(1_500)
    // The edit is kept and the cell says it is stale; it is not sent to the model again.
    expect((await cellsOf(id, field.id, [row]))[0]).toMatchObject({ status: 'stale' })
    expect(modelCalls()).toBe(callsBefore)
    expect(await balance()).toBe(credits)
  })

  it('refuses to resume a run paused before the trial ended, and to turn Run on new rows on', async () => {
    fake.reset({ latencyMs: 300, answer: () => ({ reasoning: 'r', confidence: 0.9, value: 'Software' }) })
    const id = await importCsv(alice, 'paused.csv', csvOf(['Name', 'Company'], Array.from({ length: 40 }, (_, i) => [`P${i}`, `Firm ${i}`])))
    const field = await createField(id, {})
    const start = await alice.api.uploads[':id']['ai-fields'][':fieldId'].runs.$post({ param: { id, fieldId: field.id }, json: { scope: 'all' } })
    expect(start.status, await start.clone().text()).toBe(202)
    const pause = await alice.request(`/api/uploads/${id}/ai-fields/${field.id}/pause`, { method: 'POST' })
    expect(pause.status).toBe(200)
    // The cells claimed before the pause finish; then nothing moves.
    const paused = await until('the claimed cells to end', () => fieldOf(id, field.id), (f: AiField) => f.counts.running === 0)
    const callsAtPause = modelCalls()
    await endTrial()
    const credits = await balance()
    const since = new Date()

    const resume = await alice.request(`/api/uploads/${id}/ai-fields/${field.id}/resume`, { method: 'POST' })
    expect(resume.status).toBe(402)
    expect((await errorOf(resume)).message).toBe(PAYMENT_MESSAGES.gateBlocked)
    const autoOn = await alice.request(`/api/uploads/${id}/ai-fields/${field.id}`, { method: 'PATCH', json: { autoRun: { enabled: true } } })
    expect(autoOn.status).toBe(402)
    await quietFor(1_500)
    expect(modelCalls()).toBe(callsAtPause)
    expect(await balance()).toBe(credits)
    expect(await chargesSince(since)).toEqual([])
    expect((await fieldOf(id, field.id)).counts.queued).toBe(paused.counts.queued)
  })

  it("pauses a run whose owner lost access ('paused: no active plan'), charges nothing meanwhile, and goes on once they have a plan", async () => {
    fake.reset({ latencyMs: 200, answer: () => ({ reasoning: 'r', confidence: 0.9, value: 'Software' }) })
    const rows = 40
    const id = await importCsv(alice, 'lapsed.csv', csvOf(['Name', 'Company'], Array.from({ length: rows }, (_, i) => [`P${i}`, `Firm ${i}`])))
    const field = await createField(id, {})
    const start = await alice.api.uploads[':id']['ai-fields'][':fieldId'].runs.$post({ param: { id, fieldId: field.id }, json: { scope: 'all' } })
    expect(start.status).toBe(202)
    await until('a few cells to be done', () => fieldOf(id, field.id), (f: AiField) => f.counts.done >= 4)
    await endTrial()
    const paused = await until('the run to pause', () => fieldOf(id, field.id), (f: AiField) => f.status === 'paused' && f.counts.running === 0)
    expect(paused.run?.stopReason).toBe(NO_ACTIVE_PLAN)
    expect(paused.counts.done).toBeLessThan(rows)
    const callsAtPause = modelCalls()
    const credits = await balance()
    const since = new Date()
    await quietFor(1_500)
    // The recovery job does not wake it while the user has no plan.
    await recoverEnrichmentRuns({ atStartup: false })
    await quietFor(500)
    expect(modelCalls()).toBe(callsAtPause)
    expect(await balance()).toBe(credits)
    expect(await chargesSince(since)).toEqual([])
    // Every cell it stopped before is still queued or done: none ended as a failure.
    expect(paused.counts.error + paused.counts.no_credits + paused.counts.cancelled).toBe(0)

    await setTrialEnd(new Date(Date.now() + 86_400_000))
    await recoverEnrichmentRuns({ atStartup: false })
    const done = await settled(id, field.id)
    expect(done.counts.done).toBe(rows)
    expect(done.run?.stopReason).toBeNull()
    // Each cell charged once across the pause.
    expect(done.run?.creditsSpent).toBe(rows)
  })

  it('refuses the charge itself, whichever caller asks: a user without access is charged nothing, with the one message', async () => {
    const { browser: carol } = await t.signUpVerified({ firstName: 'Carol' })
    const carolId = await t.userIdOf(carol)
    await db.insert(subscribers).values({ userId: carolId, currentCredits: 100 }).onConflictDoUpdate({ target: subscribers.userId, set: { currentCredits: 100 } })
    // Past the routes: the services' and jobs' own calls meet the gate in the charge.
    const single = consumeCredits({ userId: carolId, operation: 'chat_query', amount: 1, idempotencyKey: 'gate:single' })
    await expect(single).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED', message: PAYMENT_MESSAGES.gateBlocked })
    const batch = await consumeCreditsBatch({ userId: carolId, operation: 'ai_enrichment_basic', amountEach: 1, idempotencyKeys: ['gate:a', 'gate:b'] })
    expect(batch).toMatchObject({ blocked: true, charged: [], remaining: 100 })
    expect((await db.select().from(creditTransactions).where(eq(creditTransactions.userId, carolId))).length).toBe(0)
  })
})
