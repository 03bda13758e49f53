import { afterAll, beforeAll, expect, it } from 'vitest'
import { aiFieldSchema, type AiField } from '#common/schemas/enrichment'
import { callTuning } from '#server/modules/ai/retry-policy'
import { reclaimExpiredLeases } from '#server/modules/row-storage/ai-cells'
import { readJson } from '#server/test/contract'
import { startFakeAiServer, type FakeAiServer } from '#server/test/fake-ai-server'
import { createTestApp, type TestApp, type TestBrowser } from '#server/test/test-app'
import { until } from '#server/test/until'
import { csvOf, importCsv } from '#server/test/upload-helpers'
import { CellWriter } from './runs/cell-writes.ts'
import { engineTuning } from './runs/tuning.ts'

/**
 * A cell is sent to the provider once while its worker lives (issue 41): its lease is renewed on a
 * loop of its own, for every cell the worker holds (in flight, answered and waiting, being
 * written), so a slow write (a lock, a busy database) never lets another worker take a cell whose
 * call is still answering. Here every write waits longer than a lease, and another worker takes
 * back expired leases all the while.
 */

let t: TestApp
let fake: FakeAiServer
let alice: TestBrowser
const ROWS = 12

beforeAll(async () => {
  fake = await startFakeAiServer({ latencyMs: 150, answer: () => ({ reasoning: 'r', confidence: 0.9, value: 'Software' }) })
  t = await createTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.openaiBaseURL, AI_MODEL: 'fake-model', AI_CONCURRENCY: '2', ALLOW_PRIVATE_AI_URLS: 'true' }, { withWorkers: true })
  alice = (await t.signUpVerified()).browser
  await t.startTrial(alice)
}, 180_000)
afterAll(async () => {
  await t?.close()
  await fake?.stop()
})

it('calls each cell once while its worker lives, though its writes take longer than a lease and another worker reclaims expired leases', { timeout: 120_000 }, async () => {
  const id = await importCsv(alice, 'leases.csv', csvOf(['Name', 'Company'], Array.from({ length: ROWS }, (_, i) => [`P${i}`, `Lease Firm ${i}`])))
  const created = await alice.api.uploads[':id']['ai-fields'].$post({ param: { id }, json: { name: 'Industry', prompt: 'Which industry is {Company} in?' } })
  const field = await readJson(created, aiFieldSchema)

  const saved = { lease: engineTuning.leaseMs, timeout: callTuning.timeoutMs, write: CellWriter.prototype.write }
  engineTuning.leaseMs = 300
  callTuning.timeoutMs = 400
  // Every write of finished cells waits 1.2 s first, four leases long (as behind a lock).
  CellWriter.prototype.write = async function (this: CellWriter, ...args: Parameters<CellWriter['write']>) {
    await new Promise((resolve) => setTimeout(resolve, 1_200))
    return saved.write.apply(this, args)
  }
  let reclaiming = true
  const otherWorker = (async () => {
    while (reclaiming) {
      await reclaimExpiredLeases(field.id)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })()
  try {
    const start = await alice.api.uploads[':id']['ai-fields'][':fieldId'].runs.$post({ param: { id, fieldId: field.id }, json: { scope: 'all' } })
    expect(start.status).toBe(202)
    const done = await until(
      'the run to end',
      async () => readJson(await alice.api.uploads[':id']['ai-fields'][':fieldId'].$get({ param: { id, fieldId: field.id } }), aiFieldSchema),
      (f: AiField) => f.status === 'completed',
      90_000,
    )
    expect(done.counts.done).toBe(ROWS)
  } finally {
    reclaiming = false
    await otherWorker
    engineTuning.leaseMs = saved.lease
    callTuning.timeoutMs = saved.timeout
    CellWriter.prototype.write = saved.write
  }
  // Each row's company reached the provider exactly once.
  const companies = fake.calls.map((call) => /Lease Firm \d+/.exec(call.messages.map((m) => m.content).join('\n'))?.[0])
  expect(companies.filter(Boolean).sort()).toEqual(Array.from({ length: ROWS }, (_, i) => `Lease Firm ${i}`).sort())
})
