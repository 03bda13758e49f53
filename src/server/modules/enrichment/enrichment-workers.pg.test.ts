import { afterAll, expect, it } from 'vitest'
import { TRIAL } from '#common/constants'
import { aiRunUser, answersPerFirm, ledgerOf, startAiRun, waitForRunEnd } from '#server/test/ai-runs-over-http'
import { startFakeAiServer, type FakeAiServer } from '#server/test/fake-ai-server'
import { createProcessTest, waitHealthy, type ProcessTest, type ServerProcess } from '#server/test/server-process'
import { until } from '#server/test/until'

/**
 * Two worker processes and an API process on one PostgreSQL database share an AI column run:
 * both write cells, and the provider is asked once per cell (counted at the fake), each cell
 * charged once. `npm run test:scale` (DATABASE_URL).
 */
const ROWS = 400
let test: ProcessTest | undefined
let fake: FakeAiServer | undefined

afterAll(async () => {
  for (const server of test?.servers ?? []) {
    const tail = server.logs.filter((line) => (line.level as number) >= 40 || String(line.event).startsWith('enrichment.')).slice(-10)
    console.warn(server.role, server.child.pid, server.child.exitCode, JSON.stringify(tail), server.output.join('').slice(-2000))
  }
  await test?.close()
  await fake?.stop()
})

/** Cells a worker process wrote, from its jobs' `enrichment.slice.done` log lines. */
const cellsWrittenBy = (worker: ServerProcess) =>
  worker.logs.filter((line) => line.event === 'enrichment.slice.done').reduce((sum, line) => sum + Number(line.cells), 0)

it('splits a run between two worker processes, each cell asked of the provider and charged once', { timeout: 600_000 }, async () => {
  if (!process.env.DATABASE_URL) throw new Error('This test needs DATABASE_URL: a PostgreSQL server the processes share.')
  fake = await startFakeAiServer({ latencyMs: 50 })
  test = await createProcessTest({
    name: 'ai-workers',
    env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.openaiBaseURL, AI_MODEL: 'fake-model', AI_CONCURRENCY: '4' },
  })
  const api = test.start('api')
  await waitHealthy(test.baseUrl, api)
  const workers = [test.start('worker'), test.start('worker')]
  await until('both workers to take jobs', () =>
    workers.every((worker) => {
      if (worker.child.exitCode !== null) throw new Error(`a worker exited ${worker.child.exitCode}: ${worker.output.join('')}`)
      return worker.logs.some((line) => line.event === 'queue.ready')
    }),
  )
  const user = await aiRunUser(test.baseUrl, test.dataDir)
  const run = await startAiRun(user, { rows: ROWS, tag: 'Shared' })
  const field = await waitForRunEnd(user, run, 180_000)
  // Jobs still looking for work end within a second or so once nothing is running.
  const jobEvents = (event: string) => workers.flatMap((w) => w.logs.filter((line) => line.event === event && line.job === 'enrichment.run-field'))
  await until('the run jobs to end', () => jobEvents('queue.job.done').length === jobEvents('queue.job.start').length)

  expect(field.counts).toMatchObject({ total: ROWS, done: ROWS, error: 0 })
  const answers = answersPerFirm(fake)
  expect(answers.size).toBe(ROWS)
  expect([...answers.values()].every((n) => n === 1)).toBe(true)
  expect(fake.answeredCalls).toHaveLength(ROWS)
  // Both processes took part, and between them wrote each cell once.
  const written = workers.map(cellsWrittenBy)
  console.warn(`ai_run_cells_per_worker: ${written.join(', ')}`)
  expect(written.every((n) => n > 0)).toBe(true)
  expect(written[0]! + written[1]!).toBe(ROWS)
  const ledger = await ledgerOf(user, run.fieldId)
  expect(ledger.cellsCharged).toBe(ROWS)
  expect(ledger.creditsCharged).toBe(ROWS)
  expect(ledger.refundedCells).toBe(0)
  // One run, one usage history entry.
  expect(ledger.runEntries).toBe(1)
  expect(ledger.balance).toBe(TRIAL.credits - ROWS)
})
