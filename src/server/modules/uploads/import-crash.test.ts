import { afterAll, expect, it } from 'vitest'
import {
  bigCsv,
  createProcessTest,
  progressOverHttp,
  signUpOverHttp,
  uploadOverHttp,
  type ProcessTest,
} from '#server/test/server-process'
import { until } from '#server/test/until'

/**
 * The server is killed (SIGKILL, no goodbye) in the middle of an import and started again: the
 * upload completes within a minute of the kill, not after pg-boss's one-hour expiry. PGlite by
 * default, PostgreSQL when DATABASE_URL is set.
 */
const ROWS = 120_000
let test: ProcessTest | undefined

afterAll(async () => {
  await test?.close()
})

it('finishes an import within a minute after its server was killed mid-import and started again', { timeout: 600_000 }, async () => {
  test = await createProcessTest({ name: 'crash' })
  const { baseUrl, dataDir } = test
  const first = await test.startHealthy()
  const { headers } = await signUpOverHttp(baseUrl, dataDir)
  const id = await uploadOverHttp(baseUrl, headers, 'crash.csv', bigCsv(ROWS, 'crash'))
  await until('rows to arrive', async () => (await progressOverHttp(baseUrl, headers, id)).processed_rows > 0)
  first.child.kill('SIGKILL')
  const killedAt = Date.now()
  await first.exited

  await test.startHealthy()
  const restartedAt = Date.now()
  const done = await until(
    'the import to complete',
    async () => {
      const progress = await progressOverHttp(baseUrl, headers, id)
      if (progress.status === 'failed') throw new Error(`import failed: ${progress.error_message}`)
      return progress.status === 'completed' ? progress : undefined
    },
    60_000,
  )
  // From the kill, and from the restarted server answering (a start takes seconds on an idle
  // machine, more than a minute on a loaded one): the recovery's part must stay under a minute.
  const label = test.databaseUrl ? 'PostgreSQL' : 'PGlite'
  console.warn(`import_completed_after_kill_ms: ${Date.now() - killedAt}, after_restart_ms: ${Date.now() - restartedAt} (${label})`)
  expect(Date.now() - restartedAt).toBeLessThan(60_000)
  expect(done.valid_rows).toBe(ROWS)
})
