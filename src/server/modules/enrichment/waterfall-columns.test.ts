import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { WATERFALL_MESSAGES } from '#common/messages'
import { aiCellListSchema, aiFieldSchema, aiRunEstimateSchema, type AiField } from '#common/schemas/enrichment'
import { testWaterfallResultSchema } from '#common/schemas/waterfall-fields'
import { queryRows } from '#server/db/query-rows'
import { callTuning } from '#server/modules/ai/retry-policy'
import { readJson } from '#server/test/contract'
import { startFakeAiServer, type FakeAiServer } from '#server/test/fake-ai-server'
import { startFakeSource, type FakeSource } from '#server/test/fake-http-source'
import { createTestApp, errorOf, type TestApp, type TestBrowser } from '#server/test/test-app'
import { until } from '#server/test/until'
import { csvOf, importCsv } from '#server/test/upload-helpers'

/**
 * Waterfall columns (issue 43, decision 037), against the fake AI server and the fake HTTP
 * source, both counting calls: later steps are called only for rows the earlier ones did not
 * satisfy, each step paid as it is called. Both databases (DATABASE_URL).
 */

let t: TestApp
let ai: FakeAiServer
let source: FakeSource
let alice: TestBrowser
let aliceId: string
let bob: TestBrowser

beforeAll(async () => {
  ai = await startFakeAiServer()
  source = await startFakeSource()
  t = await createTestApp(
    {
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: ai.openaiBaseURL,
      AI_MODEL: 'fake-model',
      AI_CONCURRENCY: '4',
      ALLOW_PRIVATE_SOURCE_URLS: 'true',
      // An operator who charges for HTTP calls: the credits then show every step called.
      HTTP_SOURCE_CREDITS_PER_CALL: '1',
    },
    { withWorkers: true },
  )
  callTuning.backoffBaseMs = 5
  alice = (await t.signUpVerified({ firstName: 'Alice' })).browser
  await t.startTrial(alice)
  aliceId = await t.userIdOf(alice)
  bob = (await t.signUpVerified({ firstName: 'Bob' })).browser
  await t.startTrial(bob)
  const saved = await alice.request('/api/secrets/HUNTER_KEY', { method: 'PUT', json: { value: 'hunter-secret-key' } })
  expect(saved.status).toBe(200)
}, 180_000)
afterAll(async () => {
  await t?.close()
  await ai?.stop()
  await source?.stop()
})

/** The row's First value, from the row part of a prompt. */
const firstOf = (text: string) => /"First": "([^"]*)"/.exec(text)?.[1] ?? ''

beforeEach(() => {
  source.reset()
  // Sure of the rows whose First starts with 'Sure'; the strong model is sure of every row.
  ai.reset({
    answer: ({ lastUserText, model }) => {
      const first = firstOf(lastUserText)
      const sure = model === 'strong-model' || first.startsWith('Sure')
      return { reasoning: 'guessed', confidence: sure ? 0.9 : 0.3, value: `${first.toLowerCase()}@guess.example` }
    },
  })
})

const LEADS = csvOf(
  ['First', 'Last', 'Domain', 'Known'],
  [
    ['Ada', 'Lovelace', 'acme.com', 'ada@acme.com'],
    ['Bob', 'Stone', 'globex.com', ''],
    ['Sure', 'Thing', 'initech.com', ''],
    ['Cy', 'Young', 'unknown.example', ''],
    ['Dee', 'Dee', 'hooli.com', 'not-an-email'],
    ['Sure', 'Shot', 'umbrella.com', ''],
  ],
)

const EMAIL_LOOK = 'AND(CONTAINS({value}, "@"), CONTAINS(DOMAIN({value}), "."))'

/** The known e-mail when it looks like one; a cheap model when sure; an e-mail finder. */
const threeSteps = () => [
  { kind: 'formula', formula: '{Known}', accept: EMAIL_LOOK },
  { kind: 'ai', prompt: 'The work e-mail of {First} {Last} at {Domain}', model: 'cheap-model', accept: `AND({confidence} >= 0.8, ${EMAIL_LOOK})` },
  {
    kind: 'http',
    request: { method: 'GET', url: `${source.url}/v2/email-finder?domain={Domain}&first_name={First}&last_name={Last}&api_key={secret:HUNTER_KEY}` },
    path: 'data.email',
    accept: EMAIL_LOOK,
  },
]

const credits = async () => Number((await queryRows<{ n: number }>(sql`SELECT current_credits AS n FROM subscribers WHERE user_id = ${aliceId}`))[0]!.n)
const create = (browser: TestBrowser, uploadId: string, json: Record<string, unknown>) => browser.request(`/api/uploads/${uploadId}/waterfall-fields`, { method: 'POST', json })
const fieldOf = async (uploadId: string, fieldId: string) => readJson(await alice.api.uploads[':id']['ai-fields'][':fieldId'].$get({ param: { id: uploadId, fieldId } }), aiFieldSchema)
const cellsOf = async (uploadId: string, fieldId: string, rows: number[]) =>
  (await readJson(await alice.api.uploads[':id']['ai-fields'][':fieldId'].cells.$get({ param: { id: uploadId, fieldId }, query: { rowIndexes: rows.join(',') } }), aiCellListSchema)).cells
const estimate = async (uploadId: string, fieldId: string) =>
  readJson(await alice.api.uploads[':id']['ai-fields'][':fieldId'].estimate.$post({ param: { id: uploadId, fieldId }, json: { scope: 'all' } }), aiRunEstimateSchema)
async function run(uploadId: string, fieldId: string) {
  const res = await alice.api.uploads[':id']['ai-fields'][':fieldId'].runs.$post({ param: { id: uploadId, fieldId }, json: { scope: 'all' } })
  expect(res.status, await res.clone().text()).toBe(202)
  return until('the run to end', () => fieldOf(uploadId, fieldId), (f: AiField) => f.status === 'completed' && f.counts.queued + f.counts.running === 0)
}
const aiCalls = (model: string) => ai.calls.filter((c) => c.model === model).length

describe('waterfall columns', () => {
  it('calls each step only for the rows the earlier steps did not satisfy, charges exactly the steps called and records them', async () => {
    const id = await importCsv(alice, 'waterfall.csv', LEADS)
    const created = await create(alice, id, { name: 'Work email', steps: threeSteps() })
    expect(created.status, await created.clone().text()).toBe(201)
    const field = await readJson(created, aiFieldSchema)
    expect(field.source?.kind).toBe('waterfall')
    // Before any run: the worst case is every paid step for every row; nothing is known of the rates.
    const before = await estimate(id, field.id)
    expect(before).toMatchObject({ rows: 6, calls: 6, creditsPerCell: 2, credits: 12, provider: 'waterfall' })
    expect(before.waterfall).toMatchObject({ worstCaseCredits: 12, expectedCredits: 12 })
    expect(before.waterfall!.steps.map((s) => s.acceptanceRate)).toEqual([null, null, null])

    const start = await credits()
    const done = await run(id, field.id)
    expect(done.counts).toMatchObject({ done: 5, error: 1 })
    // The formula answered all 6 rows (free); the model the 5 it did not satisfy; the finder the 3 the model was unsure of.
    expect(aiCalls('cheap-model')).toBe(5)
    expect(source.requests).toHaveLength(3)
    expect(source.requests.map((r) => r.query.first_name).sort()).toEqual(['Bob', 'Cy', 'Dee'])
    // 5 model calls at 1 credit, 3 HTTP calls at 1 credit: nothing for the steps not called.
    expect(start - (await credits())).toBe(8)
    const ledger = await queryRows<{ operation: string; n: string | number; amount: string | number }>(
      sql`SELECT operation, count(*) AS n, sum(amount) AS amount FROM credit_transactions
        WHERE user_id = ${aliceId} AND idempotency_key LIKE ${`ai:${field.id}:%`} GROUP BY operation ORDER BY operation`,
    )
    expect(ledger.map((l) => [l.operation, Number(l.n), Math.abs(Number(l.amount))])).toEqual([
      ['ai_enrichment_basic', 5, 5],
      ['http_source_call', 3, 3],
    ])

    const cells = await cellsOf(id, field.id, [0, 1, 2, 3, 4, 5])
    const byRow = new Map(cells.map((c) => [c.rowIndex, c]))
    const accepted = (row: number) => byRow.get(row)!.provenance?.steps?.find((s) => s.outcome === 'accepted')?.step ?? null
    expect([0, 1, 2, 3, 4, 5].map(accepted)).toEqual([0, 2, 1, null, 2, 1])
    expect([0, 1, 2, 3, 4, 5].map((r) => byRow.get(r)!.value)).toEqual(['ada@acme.com', 'bob.stone@globex.com', 'sure@guess.example', null, 'dee.dee@hooli.com', 'sure@guess.example'])
    // Every step tried, with its outcome and credits; the cell's credits are their sum.
    const dee = byRow.get(4)!.provenance!
    expect(dee.steps!.map((s) => [s.kind, s.outcome, s.credits])).toEqual([
      ['formula', 'rejected', 0],
      ['ai', 'rejected', 1],
      ['http', 'accepted', 1],
    ])
    expect(dee.steps![1]).toMatchObject({ model: 'cheap-model', confidence: 0.3, value: 'dee@guess.example' })
    expect(dee.steps![2]!.request).toContain('api_key=%E2%80%A2')
    expect(JSON.stringify(cells)).not.toContain('hunter-secret-key')
    expect(dee.credits).toBe(2)
    const cy = byRow.get(3)!
    expect(cy.status).toBe('error')
    expect(cy.error).toBe(WATERFALL_MESSAGES.nothingAccepted(3))
    expect(cy.provenance?.steps?.map((s) => s.outcome)).toEqual(['empty', 'rejected', 'empty'])
    // The row holds the accepted value.
    const rows = (await (await alice.api.uploads[':id'].rows.$get({ param: { id }, query: {} })).json()).data
    expect(rows.map((r) => r.values[field.columnKey] ?? null)).toEqual(['ada@acme.com', 'bob.stone@globex.com', 'sure@guess.example', null, 'dee.dee@hooli.com', 'sure@guess.example'])

    // The expected cost now follows each step's acceptance rate in this file: 1/6, 2/5 and 2/3.
    const after = await estimate(id, field.id)
    expect(after.waterfall!.steps.map((s) => [s.tried, s.accepted])).toEqual([
      [6, 1],
      [5, 2],
      [3, 2],
    ])
    expect(after.waterfall).toMatchObject({ worstCaseCredits: 12, expectedCredits: 8 })
  })

  it('escalates on low confidence: a stronger model only for the rows the cheap one was unsure of', async () => {
    const id = await importCsv(alice, 'escalation.csv', LEADS)
    const created = await create(alice, id, {
      name: 'Guess',
      steps: [
        { kind: 'ai', prompt: 'Guess the e-mail of {First} at {Domain}', model: 'cheap-model', accept: '{confidence} >= 0.8' },
        { kind: 'ai', prompt: 'Guess the e-mail of {First} at {Domain}', model: 'strong-model', accept: '{confidence} >= 0.8' },
      ],
    })
    expect(created.status, await created.clone().text()).toBe(201)
    const field = await readJson(created, aiFieldSchema)
    const start = await credits()
    const done = await run(id, field.id)
    expect(done.counts).toMatchObject({ done: 6 })
    expect(aiCalls('cheap-model')).toBe(6)
    expect(aiCalls('strong-model')).toBe(4)
    expect(start - (await credits())).toBe(10)
  })

  it('tests the steps on a row: each tried in order until one is accepted, AI steps at the prompt test price', async () => {
    const id = await importCsv(alice, 'waterfall-test.csv', LEADS)
    const start = await credits()
    const res = await alice.request(`/api/uploads/${id}/waterfall-fields/test`, { method: 'POST', json: { steps: threeSteps(), rowIndex: 4 } })
    expect(res.status, await res.clone().text()).toBe(200)
    expect(await res.clone().text()).not.toContain('hunter-secret-key')
    const result = await readJson(res, testWaterfallResultSchema)
    expect(result).toMatchObject({ value: 'dee.dee@hooli.com', acceptedStep: 2 })
    expect(result.steps.map((s) => [s.outcome, s.credits])).toEqual([
      ['rejected', 0],
      ['rejected', 1],
      ['accepted', 0],
    ])
    expect(start - (await credits())).toBe(1)
    // Row 0's known e-mail is accepted by the first step: nothing else is called.
    const first = await readJson(await alice.request(`/api/uploads/${id}/waterfall-fields/test`, { method: 'POST', json: { steps: threeSteps(), rowIndex: 0 } }), testWaterfallResultSchema)
    expect(first).toMatchObject({ value: 'ada@acme.com', acceptedStep: 0 })
    expect(first.steps).toHaveLength(1)
    expect(aiCalls('cheap-model')).toBe(1)
    expect(source.requests).toHaveLength(1)
  })

  it("stops at the run's budget: a step past it is not called, and the credits spent are the steps called", async () => {
    const id = await importCsv(alice, 'waterfall-budget.csv', LEADS)
    const field = await readJson(await create(alice, id, { name: 'Work email', steps: threeSteps() }), aiFieldSchema)
    const start = await credits()
    const res = await alice.api.uploads[':id']['ai-fields'][':fieldId'].runs.$post({ param: { id, fieldId: field.id }, json: { scope: 'all', budget: 2 } })
    expect(res.status, await res.clone().text()).toBe(202)
    const done = await until('the run to stop', () => fieldOf(id, field.id), (f: AiField) => f.status === 'completed' && f.counts.queued + f.counts.running === 0)
    expect(done.run?.stopReason).toBe('budget')
    const called = aiCalls('cheap-model') + source.requests.length
    expect(called).toBe(2)
    expect(start - (await credits())).toBe(2)
    const cells = await cellsOf(id, field.id, [0, 1, 2, 3, 4, 5])
    // Every step a cell records as called was paid; the one refused is recorded as not called.
    const paidSteps = cells.flatMap((c) => c.provenance?.steps ?? []).filter((s) => s.kind !== 'formula' && s.outcome !== 'unpaid')
    expect(paidSteps.reduce((sum, s) => sum + s.credits, 0)).toBe(2)
    expect(cells.some((c) => c.provenance?.steps?.some((s) => s.outcome === 'unpaid'))).toBe(true)
  })

  it('needs a plan or trial to make or test one', async () => {
    const carol = (await t.signUpVerified({ firstName: 'Carol' })).browser
    const id = await importCsv(carol, 'no-plan.csv', LEADS)
    expect((await create(carol, id, { name: 'Email', steps: threeSteps() })).status).toBe(402)
    expect((await carol.request(`/api/uploads/${id}/waterfall-fields/test`, { method: 'POST', json: { steps: threeSteps(), rowIndex: 0 } })).status).toBe(402)
  })

  it('refuses steps that cannot run, another user, a read-only token and bad bodies, before anything is saved', async () => {
    const id = await importCsv(alice, 'waterfall-refused.csv', LEADS)
    const cases: Array<[unknown[], string]> = [
      [[{ kind: 'formula', formula: '{Known}', accept: 'LEN({value})' }], WATERFALL_MESSAGES.ruleNotYesNo(1)],
      [[{ kind: 'formula', formula: '{Known}', accept: 'NOT(' }], "Step 1's acceptance rule"],
      [[{ kind: 'formula', formula: '{Nope}' }], "Step 1's formula"],
      [[{ kind: 'formula', formula: '{Known}' }, { kind: 'ai', prompt: 'Find {Website}' }], "Step 2's prompt: {Website}"],
      [[{ kind: 'http', request: { method: 'GET', url: `${source.url}/x?k={secret:NOPE}` }, path: 'a' }], 'NOPE'],
      [[{ kind: 'http', request: { method: 'GET', url: `${source.url}/x` }, path: 'data.[' }], 'is not valid JMESPath'],
      [[], WATERFALL_MESSAGES.stepsRequired],
      [[{ kind: 'ai', prompt: 'a\u0000b' }], 'NUL'],
    ]
    for (const [steps, message] of cases) {
      const res = await create(alice, id, { name: 'Email', steps })
      expect(res.status, JSON.stringify(steps)).toBe(422)
      expect((await errorOf(res)).message).toContain(message)
    }
    expect((await create(bob, id, { name: 'Email', steps: threeSteps() })).status).toBe(404)
    expect((await bob.request(`/api/uploads/${id}/waterfall-fields/test`, { method: 'POST', json: { steps: threeSteps(), rowIndex: 0 } })).status).toBe(404)
    const token = (await (await alice.api['api-tokens'].$post({ json: { name: 'reader', scope: 'read' } })).json()).token
    expect((await t.bearer(token).request(`/api/uploads/${id}/waterfall-fields`, { method: 'POST', json: { name: 'Email', steps: threeSteps() } })).status).toBe(403)
    const huge = await create(alice, id, { name: 'Email', steps: [{ kind: 'ai', prompt: 'x'.repeat(3_000_000) }] })
    expect([413, 422]).toContain(huge.status)
    let nested: unknown = 'x'
    for (let i = 0; i < 200; i += 1) nested = { a: nested }
    expect((await create(alice, id, { name: 'Email', steps: [{ kind: 'formula', formula: '{Known}', deep: nested }] })).status).toBe(422)
    expect((await (await alice.api.uploads[':id']['ai-fields'].$get({ param: { id } })).json()).fields).toEqual([])
  })
})
