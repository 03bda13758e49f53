import { afterAll, expect, it } from 'vitest'
import type { CreditTransactionsPage, SubscriptionStatus } from '#common/schemas/billing'
import type { AiCell, AiField } from '#common/schemas/enrichment'
import { aiRunUser, fieldOverHttp, firmsCsv, jsonOverHttp } from '#server/test/ai-runs-over-http'
import { startFakeAiServer, type FakeAiAnswerContext, type FakeAiServer } from '#server/test/fake-ai-server'
import { createProcessTest, uploadOverHttp, type ProcessTest } from '#server/test/server-process'
import { until } from '#server/test/until'

/**
 * Credits and the monthly cap stay exact when the server is killed (SIGKILL) in the middle of an
 * auto-run whose cells partly fail (issue 41): a failed cell's refund is written with the cell, a
 * cell taken again after the kill is neither charged nor counted against the cap a second time,
 * so after the restart the ledger, the run's credits and the cap's count all equal what the done
 * cells cost.
 */
const ROWS = 160
let test: ProcessTest | undefined
let fake: FakeAiServer | undefined

afterAll(async () => {
  await test?.close()
  await fake?.stop()
})

/** Firms with a number divisible by 3 get an answer of the wrong type (twice: the cell fails). */
function answer(call: FakeAiAnswerContext) {
  const rowPart = call.messages.find((m) => m.role === 'user')?.content ?? ''
  const firm = Number(/Firm (\d+)/.exec(rowPart)?.[1] ?? '1')
  return firm % 3 === 0 ? { reasoning: 'unsure', confidence: 0.2, value: 'many' } : { reasoning: 'counted', confidence: 0.9, value: firm }
}

it('keeps credits, refunds and the monthly cap exact across a kill in the middle of an auto-run', { timeout: 600_000 }, async () => {
  fake = await startFakeAiServer({ latencyMs: 120, answer })
  test = await createProcessTest({
    name: 'credits-crash',
    env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.openaiBaseURL, AI_MODEL: 'fake-model', AI_CONCURRENCY: '6', ALLOW_PRIVATE_AI_URLS: 'true' },
  })
  const first = await test.startHealthy()
  const user = await aiRunUser(test.baseUrl, test.dataDir)
  const uploadId = await uploadOverHttp(user.baseUrl, user.headers, 'seed.csv', firmsCsv(1, 'Seed'))
  await until('the import', async () => (await jsonOverHttp<{ status: string }>(user, `/api/uploads/${uploadId}/progress`)).status === 'completed')
  const field = await jsonOverHttp<AiField>(user, `/api/uploads/${uploadId}/ai-fields`, {
    json: { name: 'Headcount', prompt: 'How many people work at {Company}?', outputType: { kind: 'number' }, autoRun: { enabled: true, monthlyCap: 100_000 } },
  })
  const before = (await jsonOverHttp<SubscriptionStatus>(user, '/api/billing/subscription')).current_credits
  const rows = Array.from({ length: ROWS }, (_, i) => ({ Name: `Person ${i}`, Company: `Crash Firm ${i + 1}` }))
  await jsonOverHttp(user, `/api/uploads/${uploadId}/rows`, { json: { rows } })
  const run = { uploadId, fieldId: field.id }
  await until('some cells to end, failed ones among them', async () => {
    const current = await fieldOverHttp(user, run)
    return current.counts.done >= 20 && current.counts.error >= 5
  })
  first.child.kill('SIGKILL')
  await first.exited

  await test.startHealthy()
  const ended = await until(
    'the auto-run to end',
    async () => {
      const current = await fieldOverHttp(user, run)
      return current.status === 'completed' && current.counts.queued + current.counts.running === 0 ? current : undefined
    },
    240_000,
  )
  const failing = rows.filter((_, i) => (i + 1) % 3 === 0).length
  expect(ended.counts).toMatchObject({ total: ROWS, done: ROWS - failing, error: failing })

  // Each done cell cost one credit, each failed cell was refunded: nothing else was kept.
  const spent = ROWS - failing
  const after = (await jsonOverHttp<SubscriptionStatus>(user, '/api/billing/subscription')).current_credits
  expect(before - after).toBe(spent)
  expect(ended.run?.creditsSpent).toBe(spent)
  expect(ended.autoRun.spentThisMonth).toBe(spent)
  const cells = await jsonOverHttp<{ cells: AiCell[] }>(user, `/api/uploads/${uploadId}/ai-fields/${field.id}/cells?rowIndexes=${rows.map((_, i) => i + 1).join(',')}`)
  expect(cells.cells.filter((cell) => cell.status === 'done').reduce((sum, cell) => sum + (cell.provenance?.credits ?? 0), 0)).toBe(spent)
  // The ledger: the run is one entry, every cell charged once (after the kill too) and every failed one refunded once.
  const ledger = await jsonOverHttp<CreditTransactionsPage>(user, '/api/billing/credits/transactions?perPage=100')
  const entry = ledger.data.find((row) => row.operation === 'ai_enrichment_basic')
  expect(entry).toMatchObject({ cells: ROWS, refunded_cells: failing, amount: -spent })
})
