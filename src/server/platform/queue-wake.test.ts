import PgBoss from 'pg-boss'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { z } from 'zod'
import { driver } from '#server/db/client'
import { createTestApp, type TestApp } from '#server/test/test-app'
import { until } from '#server/test/until'
import { defineJob, enqueue, startQueue, stopQueue } from './queue.ts'

/** Workers poll every 30 s here: a job picked up within seconds was woken, not polled. */
const POLL_SECONDS = 30

const started = new Map<string, number>()
const wakeJob = defineJob({
  name: 'test.wake',
  schema: z.object({ word: z.string() }),
  handler: async ({ payload }) => {
    started.set(payload.word, Date.now())
  },
})

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  await startQueue({ driver, databaseUrl: t.runtime.env.DATABASE_URL, jobs: [wakeJob], work: true, pollingIntervalSeconds: POLL_SECONDS })
  // The workers' first poll finds nothing; from then on they sleep for POLL_SECONDS.
  await new Promise((r) => setTimeout(r, 1500))
})
afterAll(async () => {
  await stopQueue()
  await t?.close()
})

const pickedUpWithin = (word: string, ms: number) => until(`a worker to pick up '${word}'`, () => started.has(word), { timeoutMs: ms, everyMs: 20 })

it('wakes a worker of this process when a job is sent', async () => {
  await enqueue(wakeJob, { word: 'local' })
  expect(await pickedUpWithin('local', 5000)).toBe(true)
})

it('wakes a worker in another process through NOTIFY (PostgreSQL), or runs the job in this one (PGlite)', async () => {
  if (driver.kind === 'pglite') {
    // PGlite is one process: there is no other one to wake, and the local wake-up serves.
    await enqueue(wakeJob, { word: 'elsewhere' })
  } else {
    // An API process elsewhere: its own pg-boss sends the job, then the NOTIFY.
    const other = new PgBoss({ connectionString: t.runtime.env.DATABASE_URL, schema: 'pgboss', max: 1, supervise: false, schedule: false })
    await other.start()
    await other.send('test.wake', { word: 'elsewhere' })
    await driver.pool.query(`SELECT pg_notify('rowcraft_jobs', 'test.wake')`)
    await other.stop({ graceful: false, wait: true })
  }
  expect(await pickedUpWithin('elsewhere', 5000)).toBe(true)
})
