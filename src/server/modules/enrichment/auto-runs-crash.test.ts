import { Webhook } from 'standardwebhooks'
import { afterAll, expect, it } from 'vitest'
import type { AiField } from '#common/schemas/enrichment'
import { aiRunUser, fieldOverHttp, firmsCsv, jsonOverHttp } from '#server/test/ai-runs-over-http'
import { startFakeAiServer, type FakeAiServer } from '#server/test/fake-ai-server'
import { createProcessTest, uploadOverHttp, type ProcessTest } from '#server/test/server-process'
import { until } from '#server/test/until'
import { startWebhookReceiver, type WebhookReceiver } from '#server/test/webhook-receiver'
import type { EnrichedRow } from './row-enriched.ts'

/**
 * The server is killed (SIGKILL) while 'Run on new rows' enriches rows that arrived by API, and
 * started again: every row ends done, and every row is sent as `row.enriched` exactly once (the
 * event is recorded in the transaction that writes the row's last cell, so a kill between the
 * cell and its event cannot happen; deliveries left pending are sent after the restart).
 */
const ROWS = 200
let test: ProcessTest | undefined
let fake: FakeAiServer | undefined
let receiver: WebhookReceiver | undefined

afterAll(async () => {
  await test?.close()
  await fake?.stop()
  await receiver?.stop()
})

it('sends each auto-enriched row once, after its server was killed mid-run and started again', { timeout: 600_000 }, async () => {
  fake = await startFakeAiServer({ latencyMs: 100 })
  receiver = await startWebhookReceiver()
  test = await createProcessTest({
    name: 'auto-run-crash',
    env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.openaiBaseURL, AI_MODEL: 'fake-model', AI_CONCURRENCY: '4', ALLOW_PRIVATE_AI_URLS: 'true' },
  })
  const first = await test.startHealthy()
  const user = await aiRunUser(test.baseUrl, test.dataDir)
  const hook = await jsonOverHttp<{ secret: string }>(user, '/api/webhooks', { json: { url: `${receiver.url}/enriched`, events: ['row.enriched'] } })
  const uploadId = await uploadOverHttp(user.baseUrl, user.headers, 'seed.csv', firmsCsv(1, 'Seed'))
  await until('the import', async () => (await jsonOverHttp<{ status: string }>(user, `/api/uploads/${uploadId}/progress`)).status === 'completed')
  const field = await jsonOverHttp<AiField>(user, `/api/uploads/${uploadId}/ai-fields`, { json: { name: 'Blurb', prompt: 'Write one line about {Company}.' } })
  await jsonOverHttp(user, `/api/uploads/${uploadId}/ai-fields/${field.id}`, { method: 'PATCH', json: { autoRun: { enabled: true } } })
  const rows = Array.from({ length: ROWS }, (_, i) => ({ Name: `Person ${i}`, Company: `Crash Firm ${i}` }))
  await jsonOverHttp(user, `/api/uploads/${uploadId}/rows`, { json: { rows } })
  const run = { uploadId, fieldId: field.id }
  await until('some rows to be enriched', async () => (await fieldOverHttp(user, run)).counts.done >= 30)
  first.child.kill('SIGKILL')
  await first.exited

  await test.startHealthy()
  const done = await until(
    'every new row enriched',
    async () => {
      const current = await fieldOverHttp(user, run)
      return current.status === 'completed' && current.counts.done === ROWS ? current : undefined
    },
    180_000,
  )
  expect(done.counts).toMatchObject({ total: ROWS, done: ROWS, error: 0 })
  const sent = () =>
    receiver!.received
      .filter((call) => call.path === '/enriched')
      .flatMap((call) => (new Webhook(hook.secret).verify(call.body, call.headers) as { data: { rows: EnrichedRow[] } }).data.rows)
  const events = await until('every row sent', async () => sent(), (list) => new Set(list.map((row) => row.row_index)).size >= ROWS, 120_000)
  const indexes = events.map((row) => row.row_index)
  // Each new row once (the seed row was never auto-run), none twice: a delivery retried after the
  // kill is the same message (its webhook-id), so count distinct messages per row.
  const messages = new Map<number, Set<string>>()
  for (const call of receiver.received.filter((c) => c.path === '/enriched')) {
    const body = new Webhook(hook.secret).verify(call.body, call.headers) as { data: { rows: EnrichedRow[] } }
    for (const row of body.data.rows) messages.set(row.row_index, (messages.get(row.row_index) ?? new Set()).add(call.headers['webhook-id']!))
  }
  expect(new Set(indexes)).toEqual(new Set(Array.from({ length: ROWS }, (_, i) => i + 1)))
  expect([...messages.values()].every((ids) => ids.size === 1)).toBe(true)
  expect(events.every((row) => row.columns.length === 1 && row.columns[0]!.status === 'done')).toBe(true)
})
