import { afterAll, expect, it } from 'vitest'
import { TRIAL } from '#common/constants'
import { aiRunUser, answersPerFirm, fieldOverHttp, ledgerOf, startAiRun, waitForRunEnd } from '#server/test/ai-runs-over-http'
import { startFakeAiServer, type FakeAiServer } from '#server/test/fake-ai-server'
import { createProcessTest, type ProcessTest } from '#server/test/server-process'
import { until } from '#server/test/until'

/**
 * The server is killed (SIGKILL) in the middle of an AI column run and started again: every cell
 * ends done, each charged once, and only the calls that were out at the kill are made twice.
 * PGlite by default, PostgreSQL when DATABASE_URL is set (there the restarted process takes the
 * dead one's cells back when their lease ends).
 */
const ROWS = 300
const CONCURRENCY = 4
let test: ProcessTest | undefined
let fake: FakeAiServer | undefined

afterAll(async () => {
  await test?.close()
  await fake?.stop()
})

it('finishes a run after its server was killed mid-run and started again, each cell done and charged once', { timeout: 600_000 }, async () => {
  fake = await startFakeAiServer({ latencyMs: 100 })
  test = await createProcessTest({
    name: 'ai-crash',
    env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.openaiBaseURL, AI_MODEL: 'fake-model', AI_CONCURRENCY: String(CONCURRENCY) },
  })
  const first = await test.startHealthy()
  const user = await aiRunUser(test.baseUrl, test.dataDir)
  const run = await startAiRun(user, { rows: ROWS, tag: 'Crash' })
  await until('some cells to be done', async () => (await fieldOverHttp(user, run)).counts.done >= 40)
  first.child.kill('SIGKILL')
  const killedAt = Date.now()
  await first.exited

  await test.startHealthy()
  const field = await waitForRunEnd(user, run, 180_000)
  const label = test.databaseUrl ? 'PostgreSQL' : 'PGlite'
  console.warn(`ai_run_completed_after_kill_ms: ${Date.now() - killedAt} (${label})`)

  expect(field.counts).toMatchObject({ total: ROWS, done: ROWS, error: 0, no_credits: 0 })
  const ledger = await ledgerOf(user, run.fieldId)
  expect(ledger.cellsCharged).toBe(ROWS)
  expect(ledger.creditsCharged).toBe(ROWS)
  expect(ledger.refundedCells).toBe(0)
  // One run, one usage history entry.
  expect(ledger.runEntries).toBe(1)
  expect(ledger.balance).toBe(TRIAL.credits - ROWS)
  // Every row was answered. A row asked twice was out at the provider when the process died, or
  // answered while its batch waited to be written (a few cells more; more on a loaded machine):
  // never the whole run again.
  const answers = answersPerFirm(fake)
  expect(answers.size).toBe(ROWS)
  const askedAgain = [...answers.values()].filter((n) => n > 1).length
  console.warn(`ai_run_rows_asked_twice_after_kill: ${askedAgain}`)
  expect(askedAgain).toBeLessThanOrEqual(ROWS / 10)
})
