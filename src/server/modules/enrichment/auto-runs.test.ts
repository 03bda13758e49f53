import { eq } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AI_FIELD_MESSAGES } from '#common/messages'
import { aiCellListSchema, aiFieldSchema, type AiField, type AiOutputType } from '#common/schemas/enrichment'
import { addRowsResultSchema } from '#common/schemas/rows'
import { createdWebhookSchema, type CreatedWebhook } from '#common/schemas/webhooks'
import { db } from '#server/db/client'
import { subscribers } from '#server/db/schema/index'
import { callTuning } from '#server/modules/ai/retry-policy'
import { failNextSends } from '#server/platform/queue'
import { readJson } from '#server/test/contract'
import { startFakeAiServer, type FakeAiMessage, type FakeAiServer } from '#server/test/fake-ai-server'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { until } from '#server/test/until'
import { csvOf, importCsv } from '#server/test/upload-helpers'
import { startWebhookReceiver, type WebhookReceiver } from '#server/test/webhook-receiver'
import { webhookTiming } from '#server/modules/webhooks/webhook-delivery'
import type { EnrichedRow } from './row-enriched.ts'
import { engineTuning } from './runs/tuning.ts'

/**
 * 'Run on new rows' (issue 33): rows added by API (or edited, for columns covering stale rows)
 * are queued for auto-run columns and enriched; each row's `row.enriched` event is sent once,
 * when all its auto-run cells have ended; the monthly cap pauses auto-runs and says so.
 */

let t: TestApp
let fake: FakeAiServer
let receiver: WebhookReceiver
let alice: TestBrowser
let aliceId: string
let aliceEmail: string
let bob: TestBrowser

beforeAll(async () => {
  fake = await startFakeAiServer()
  receiver = await startWebhookReceiver()
  t = await createTestApp(
    { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.openaiBaseURL, AI_MODEL: 'fake-model', AI_CONCURRENCY: '4', ALLOW_PRIVATE_AI_URLS: 'true' },
    { withWorkers: true },
  )
  callTuning.backoffBaseMs = 5
  webhookTiming.retryDelaysSeconds = [0.2, 0.2, 0.2]
  const signedUp = await t.signUpVerified({ firstName: 'Alice' })
  alice = signedUp.browser
  aliceEmail = signedUp.user.email
  await t.startTrial(alice)
  aliceId = await t.userIdOf(alice)
  bob = (await t.signUpVerified({ firstName: 'Bob' })).browser
}, 180_000)
afterAll(async () => {
  await t?.close()
  await receiver?.stop()
  await fake?.stop()
})
beforeEach(() => {
  receiver.received.length = 0
  fake.reset({ answer: ({ messages }) => ({ reasoning: 'From the row', confidence: 0.9, value: `About ${companyOf(messages)}` }) })
})

/** The Company value of the row a call is about (its user message holds the row's values). */
function companyOf(messages: FakeAiMessage[]) {
  const rowPart = messages.find((m) => m.role === 'user')?.content ?? ''
  if (!rowPart.includes('{')) return '?'
  return (JSON.parse(rowPart.slice(rowPart.indexOf('{'))) as Record<string, string>).Company ?? '?'
}

const LEADS = csvOf(
  ['Name', 'Company'],
  [
    ['Ada', 'Acme'],
    ['Grace', 'Globex'],
  ],
)

const balance = async () => (await db.select().from(subscribers).where(eq(subscribers.userId, aliceId)))[0]!.currentCredits

async function autoField(uploadId: string, name: string, prompt: string, autoRun: Record<string, unknown> = { enabled: true }, outputType: AiOutputType = { kind: 'text' }) {
  const created = await alice.api.uploads[':id']['ai-fields'].$post({ param: { id: uploadId }, json: { name, prompt, outputType } })
  expect(created.status).toBe(201)
  const field = await readJson(created, aiFieldSchema)
  const res = await alice.api.uploads[':id']['ai-fields'][':fieldId'].$patch({ param: { id: uploadId, fieldId: field.id }, json: { autoRun } })
  expect(res.status, await res.clone().text()).toBe(200)
  return readJson(res, aiFieldSchema)
}

const fieldOf = async (uploadId: string, fieldId: string) =>
  readJson(await alice.api.uploads[':id']['ai-fields'][':fieldId'].$get({ param: { id: uploadId, fieldId } }), aiFieldSchema)

const cellsOf = async (uploadId: string, fieldId: string, rows: number[]) =>
  (
    await readJson(
      await alice.api.uploads[':id']['ai-fields'][':fieldId'].cells.$get({ param: { id: uploadId, fieldId }, query: { rowIndexes: rows.join(',') } }),
      aiCellListSchema,
    )
  ).cells

async function addRows(uploadId: string, rows: Array<Record<string, string>>, query = '') {
  const res = await alice.request(`/api/uploads/${uploadId}/rows${query}`, { method: 'POST', json: { rows } })
  expect(res.status, await res.clone().text()).toBe(201)
  return readJson(res, addRowsResultSchema)
}

async function addWebhook(path: string): Promise<CreatedWebhook> {
  const res = await alice.post('/api/webhooks', { url: `${receiver.url}${path}`, events: ['row.enriched'] })
  expect(res.status).toBe(201)
  return readJson(res, createdWebhookSchema)
}

/** The `row.enriched` events a path received, each verified with the Standard Webhooks library. */
function enrichedEvents(path: string, secret: string) {
  return receiver.received
    .filter((call) => call.path === path)
    .map((call) => new Webhook(secret).verify(call.body, call.headers) as { type: string; data: { upload_id: string; rows: EnrichedRow[] } })
}

const settled = (uploadId: string, fieldId: string) =>
  until('the auto-run to end', () => fieldOf(uploadId, fieldId), (f: AiField) => f.status === 'completed' && f.counts.queued + f.counts.running === 0)

describe('Run on new rows', () => {
  it('enriches rows added by API, in arrival order, charging each distinct input once, and sends each row once as row.enriched', async () => {
    const hook = await addWebhook('/enriched')
    const id = await importCsv(alice, 'auto.csv', LEADS)
    const field = await autoField(id, 'Blurb', 'Write about {Company}')
    expect(field.autoRun).toEqual({ enabled: true, coverStale: false, monthlyCap: null, spentThisMonth: 0, pausedAt: null })
    const before = await balance()

    const result = await addRows(id, [
      { Name: 'Alan', Company: 'Initech' },
      { Name: 'Edsger', Company: 'Umbrella' },
      { Name: 'Barbara', Company: 'Initech' },
    ])
    expect(result.addedRowIndexes).toEqual([2, 3, 4])
    const done = await settled(id, field.id)
    expect(done.run).toMatchObject({ scope: 'new_rows', total: 3, creditsSpent: 2 })
    // The rows that were there before were not run: only the new ones.
    const cells = await cellsOf(id, field.id, [0, 1, 2, 3, 4])
    expect(cells.map((c) => [c.rowIndex, c.status, c.display])).toEqual([
      [2, 'done', 'About Initech'],
      [3, 'done', 'About Umbrella'],
      [4, 'done', 'About Initech'],
    ])
    // Two distinct inputs: two calls, two credits.
    expect(fake.answeredCalls.length).toBe(2)
    expect(await balance()).toBe(before - 2)
    expect((await fieldOf(id, field.id)).autoRun.spentThisMonth).toBe(2)

    const events = await until('row.enriched for the three rows', () => enrichedEvents('/enriched', hook.secret), (list) => list.flatMap((e) => e.data.rows).length >= 3)
    const rows = events.flatMap((event) => event.data.rows).sort((a, b) => a.row_index - b.row_index)
    expect(events.every((event) => event.type === 'row.enriched' && event.data.upload_id === id)).toBe(true)
    expect(rows.map((row) => row.row_index)).toEqual([2, 3, 4])
    expect(rows[0]).toEqual({
      row_index: 2,
      values: { Name: 'Alan', Company: 'Initech', Blurb: 'About Initech' },
      columns: [{ field_id: field.id, name: 'Blurb', status: 'done', credits: 1, error: null, source: 'ai', steps: null, step: null }],
    })
    // A row whose input repeated another's got its answer for free.
    expect(rows[2]!.columns[0]).toMatchObject({ status: 'done', credits: 0 })
    // Once per row: nothing more comes after a while.
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(enrichedEvents('/enriched', hook.secret).flatMap((e) => e.data.rows)).toHaveLength(3)
  })

  it('sends a row when every auto-run column has finished for it, with each column status; a model answer in prose is refunded, never kept', async () => {
    const hook = await addWebhook('/two-columns')
    const id = await importCsv(alice, 'two.csv', LEADS)
    const blurb = await autoField(id, 'Blurb', 'Write about {Company}')
    const score = await autoField(id, 'Score', 'Score the fit of {Company} from 0 to 100', { enabled: true }, { kind: 'number' })
    // The Score column's model answers Hooli in prose (first try and the repair): not a number, so an error.
    fake.reset({
      answer: ({ messages }) => {
        const company = companyOf(messages)
        const isScore = messages.some((m) => m.content.includes('Score the fit'))
        if (isScore && company === 'Hooli') return 'I would say it is a pretty good fit, maybe high seventies.'
        return { reasoning: 'From the row', confidence: 0.9, value: isScore ? 80 : `About ${company}` }
      },
    })
    const before = await balance()
    await addRows(id, [
      { Name: 'Alan', Company: 'Initech' },
      { Name: 'Gavin', Company: 'Hooli' },
    ])
    await settled(id, blurb.id)
    await settled(id, score.id)
    const events = await until('two rows sent', () => enrichedEvents('/two-columns', hook.secret), (list) => list.flatMap((e) => e.data.rows).length >= 2)
    const rows = events.flatMap((event) => event.data.rows).sort((a, b) => a.row_index - b.row_index)
    expect(rows.map((row) => row.row_index)).toEqual([2, 3])
    const [initech, hooli] = rows
    expect(initech!.columns.map((c) => [c.name, c.status, c.credits])).toEqual([
      ['Blurb', 'done', 1],
      ['Score', 'done', 1],
    ])
    expect(initech!.values).toMatchObject({ Blurb: 'About Initech', Score: '80' })
    expect(hooli!.columns.find((c) => c.name === 'Blurb')).toMatchObject({ status: 'done', credits: 1 })
    expect(hooli!.columns.find((c) => c.name === 'Score')).toMatchObject({ status: 'error', credits: 0 })
    // The prose is in neither the row nor the cell; its credit came back.
    expect(hooli!.values.Score).toBeUndefined()
    expect((await cellsOf(id, score.id, [3]))[0]).toMatchObject({ status: 'error', value: null, display: null })
    expect(await balance()).toBe(before - 3)
  })

  it('pauses at the monthly cap, says so on the column, in the cells and by e-mail, and resumes with a higher cap', async () => {
    const id = await importCsv(alice, 'capped.csv', LEADS)
    const field = await autoField(id, 'Blurb', 'Write about {Company}', { enabled: true, monthlyCap: 2 })
    await addRows(id, [
      { Name: 'A', Company: 'One' },
      { Name: 'B', Company: 'Two' },
      { Name: 'C', Company: 'Three' },
      { Name: 'D', Company: 'Four' },
    ])
    await settled(id, field.id)
    const paused = await fieldOf(id, field.id)
    expect(paused.autoRun).toMatchObject({ monthlyCap: 2, spentThisMonth: 2 })
    expect(paused.autoRun.pausedAt).not.toBeNull()
    const cells = await cellsOf(id, field.id, [2, 3, 4, 5])
    expect(cells.filter((c) => c.status === 'done')).toHaveLength(2)
    expect(cells.filter((c) => c.status === 'cancelled').map((c) => c.error)).toEqual([AI_FIELD_MESSAGES.autoRunCapReached, AI_FIELD_MESSAGES.autoRunCapReached])
    const mail = await until('the pause e-mail', async () => t.lastMailTo(aliceEmail), (m) => m.subject.includes('Run on new rows is paused'))
    expect(mail.text).toContain('monthly cap of 2 credits')
    expect(mail.links.some((link) => link.endsWith(`/dashboard/${id}`))).toBe(true)

    // Paused: a new row waits (no cell queued for it).
    const later = await addRows(id, [{ Name: 'E', Company: 'Five' }])
    expect(await cellsOf(id, field.id, later.addedRowIndexes)).toEqual([])
    expect((await fieldOf(id, field.id)).status).toBe('completed')

    // A higher cap lifts the pause; the month's spending still counts against it.
    const raised = await alice.api.uploads[':id']['ai-fields'][':fieldId'].$patch({ param: { id, fieldId: field.id }, json: { autoRun: { monthlyCap: 3 } } })
    expect((await readJson(raised, aiFieldSchema)).autoRun).toMatchObject({ pausedAt: null, monthlyCap: 3, spentThisMonth: 2 })
    const next = await addRows(id, [{ Name: 'F', Company: 'Six' }])
    await settled(id, field.id)
    expect((await cellsOf(id, field.id, next.addedRowIndexes)).map((c) => c.status)).toEqual(['done'])
    expect((await fieldOf(id, field.id)).autoRun.spentThisMonth).toBe(3)
  })

  it('marks AI cells stale when a source value changes, and re-runs them only when the column covers stale rows', async () => {
    const id = await importCsv(alice, 'stale.csv', LEADS)
    const covering = await autoField(id, 'Blurb', 'Write about {Company}', { enabled: true, coverStale: true })
    const plain = await autoField(id, 'Intro', 'Introduce {Company}', { enabled: true })
    const added = await addRows(id, [{ Name: 'Alan', Company: 'Initech' }])
    const row = added.addedRowIndexes[0]!
    await settled(id, covering.id)
    await settled(id, plain.id)

    // An upsert with the same value changes nothing; a new Name is not read by either prompt.
    await addRows(id, [{ Name: 'Alan T.', Company: 'Initech' }], '?upsert=Company')
    expect((await cellsOf(id, covering.id, [row]))[0]!.status).toBe('done')
    expect((await cellsOf(id, plain.id, [row]))[0]!.status).toBe('done')

    // An edit in the grid of a column both prompts read.
    const res = await alice.api.uploads[':id'].rows[':rowIndex'].$patch({ param: { id, rowIndex: String(row) }, json: { column: 'c2', value: 'Initrode' } })
    expect(res.status, await res.clone().text()).toBe(200)
    await settled(id, covering.id)
    expect((await cellsOf(id, covering.id, [row]))[0]).toMatchObject({ status: 'done', display: 'About Initrode' })
    expect((await cellsOf(id, plain.id, [row]))[0]).toMatchObject({ status: 'stale', display: 'About Initech' })
  })

  it('takes rows that arrive during a run into it', { timeout: 90_000 }, async () => {
    fake.reset({ latencyMs: 150, answer: ({ messages }) => ({ reasoning: 'r', confidence: 0.9, value: `About ${companyOf(messages)}` }) })
    const id = await importCsv(alice, 'running.csv', csvOf(['Name', 'Company'], Array.from({ length: 30 }, (_, i) => [`P${i}`, `Firm ${i}`])))
    const field = await autoField(id, 'Blurb', 'Write about {Company}')
    const started = await alice.api.uploads[':id']['ai-fields'][':fieldId'].runs.$post({ param: { id, fieldId: field.id }, json: { scope: 'all' } })
    expect(started.status).toBe(202)
    await addRows(id, [{ Name: 'New', Company: 'Latecomer' }])
    const running = await fieldOf(id, field.id)
    expect(running.run).toMatchObject({ scope: 'all', total: 31 })
    const done = await settled(id, field.id)
    expect(done.counts).toMatchObject({ done: 31, total: 31 })
    expect((await cellsOf(id, field.id, [30]))[0]).toMatchObject({ status: 'done', display: 'About Latecomer' })
  })

  it("keeps two meters: auto cells that join a user's run spend the monthly cap, not the run's budget, and go on past it", { timeout: 90_000 }, async () => {
    fake.reset({ latencyMs: 150, answer: ({ messages }) => ({ reasoning: 'r', confidence: 0.9, value: `About ${companyOf(messages)}` }) })
    const id = await importCsv(alice, 'meters.csv', csvOf(['Name', 'Company'], Array.from({ length: 20 }, (_, i) => [`P${i}`, `Meter Firm ${i}`])))
    const field = await autoField(id, 'Blurb', 'Write about {Company}', { enabled: true, monthlyCap: 100 })
    const started = await alice.api.uploads[':id']['ai-fields'][':fieldId'].runs.$post({ param: { id, fieldId: field.id }, json: { scope: 'all', budget: 6 } })
    expect(started.status).toBe(202)
    // Three rows arrive while the user's run goes: they join it.
    const added = await addRows(id, [1, 2, 3].map((n) => ({ Name: `New ${n}`, Company: `Joined Firm ${n}` })))
    expect((await fieldOf(id, field.id)).run).toMatchObject({ total: 23, budget: 6 })
    const done = await settled(id, field.id)
    // The budget stopped the user's cells at 6; the auto cells were not cancelled with them.
    expect(done.run).toMatchObject({ stopReason: 'budget', creditsSpent: 9 })
    expect(done.counts).toMatchObject({ done: 9, cancelled: 14 })
    expect((await cellsOf(id, field.id, added.addedRowIndexes)).map((cell) => cell.status)).toEqual(['done', 'done', 'done'])
    // The cap counts the auto cells only; the user's cells spent the budget only.
    expect(done.autoRun.spentThisMonth).toBe(3)
  })

  it('keeps a cell and its event together: a write whose event cannot be recorded is written again, and sent once', async () => {
    const hook = await addWebhook('/atomic')
    const id = await importCsv(alice, 'atomic.csv', LEADS)
    const field = await autoField(id, 'Blurb', 'Write about {Company}')
    // The first write's delivery cannot be stored: the cell's write rolls back with it (the run
    // retries the write), instead of a done cell whose event is lost.
    failNextSends('webhooks.deliver', 1)
    // The rolled-back cell is still 'running' under its claim: a short lease hands it back sooner.
    // (A claim's first lease also covers a call's timeout: both are short here.)
    const lease = engineTuning.leaseMs
    const callTimeout = callTuning.timeoutMs
    engineTuning.leaseMs = 2_000
    callTuning.timeoutMs = 2_000
    try {
      await addRows(id, [{ Name: 'Alan', Company: 'Initech' }])
      await settled(id, field.id)
    } finally {
      engineTuning.leaseMs = lease
      callTuning.timeoutMs = callTimeout
    }
    const events = await until('the row sent', () => enrichedEvents('/atomic', hook.secret), (list) => list.length >= 1)
    expect(events.flatMap((e) => e.data.rows).map((r) => r.row_index)).toEqual([2])
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(enrichedEvents('/atomic', hook.secret)).toHaveLength(1)
    expect((await cellsOf(id, field.id, [2]))[0]).toMatchObject({ status: 'done' })
  })

  it("refuses another user's column, a read token, and a cap out of range", async () => {
    const id = await importCsv(alice, 'guarded.csv', LEADS)
    const field = await autoField(id, 'Blurb', 'Write about {Company}', { enabled: false })
    const path = `/api/uploads/${id}/ai-fields/${field.id}`
    const foreign = await bob.request(path, { method: 'PATCH', json: { autoRun: { enabled: true } } })
    expect(foreign.status).toBe(404)
    const token = (await (await alice.api['api-tokens'].$post({ json: { name: 'read', scope: 'read' } })).json()).token
    const readOnly = await t.bearer(token).request(path, { method: 'PATCH', json: { autoRun: { enabled: true } } })
    expect(readOnly.status).toBe(403)
    const tooLow = await alice.request(path, { method: 'PATCH', json: { autoRun: { monthlyCap: 0 } } })
    expect(tooLow.status).toBe(422)
    expect(JSON.stringify(await errorOf(tooLow))).toContain(AI_FIELD_MESSAGES.autoRunCapTooLow)
    const unknown = await alice.request(path, { method: 'PATCH', json: { autoRun: { enabled: true, everything: true } } })
    expect(unknown.status).toBe(422)
    expect((await fieldOf(id, field.id)).autoRun.enabled).toBe(false)
    // Off: rows added are not run.
    const added = await addRows(id, [{ Name: 'Z', Company: 'Zed' }])
    expect(await cellsOf(id, field.id, added.addedRowIndexes)).toEqual([])
    expect((await fieldOf(id, field.id)).counts.total).toBe(0)
  })
})
