import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { z } from 'zod'
import { driver } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { createTestApp, type TestApp } from '#server/test/test-app'
import { until } from '#server/test/until'
import { defineJob, enqueue, startQueue, stopQueue } from './queue.ts'

/**
 * A job whose process stops is retried within seconds, whatever its kind: the test takes the
 * running job's record away from this process, as a crash of the process would leave it.
 */
const attempts = new Map<string, number>()
const finished: string[] = []
const abandoned: string[] = []
const hung: Array<() => void> = []

const handler = async ({ payload }: { payload: { word: string } }) => {
  const n = (attempts.get(payload.word) ?? 0) + 1
  attempts.set(payload.word, n)
  // The first attempt hangs, like a handler in a process that died mid-job.
  if (n === 1) await new Promise<void>((resolve) => hung.push(resolve))
  else finished.push(payload.word)
}
const stallJob = defineJob({ name: 'test.stall', schema: z.object({ word: z.string() }), retryLimit: 2, retryDelaySeconds: 1, concurrency: 3, handler })
// Its own workers: each test leaves a hung first attempt holding one.
const orphanJob = defineJob({ name: 'test.orphan', schema: z.object({ word: z.string() }), retryLimit: 2, retryDelaySeconds: 1, concurrency: 3, handler })
const onceJob = defineJob({
  name: 'test.once',
  schema: z.object({ word: z.string() }),
  retryLimit: 0,
  concurrency: 2,
  handler,
  onAbandoned: async ({ payload }) => {
    abandoned.push(payload.word)
  },
})

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  await startQueue({
    driver,
    databaseUrl: t.runtime.env.DATABASE_URL,
    jobs: [stallJob, onceJob, orphanJob],
    work: true,
    pollingIntervalSeconds: 0.5,
    recovery: { heartbeatSeconds: 1, checkEverySeconds: 1, staleAfterSeconds: 3 },
  })
})
afterAll(async () => {
  for (const resolve of hung) resolve()
  await stopQueue()
  await t?.close()
})

async function runOf(jobId: string) {
  await until('the job’s run record', async () => (await queryRows(sql`SELECT 1 FROM queue_job_runs WHERE job_id = ${jobId}`)).length === 1, 30_000)
}

const jobState = async (jobId: string) =>
  (await queryRows<{ state: string }>(sql`SELECT state FROM pgboss.job WHERE id = ${jobId}`))[0]?.state

/** Hands the running job to another process, with its heartbeat `ageSeconds` old (none: no row; negative: ahead). */
async function handToProcess(jobId: string, ageSeconds: number | null) {
  const processId = randomUUID()
  if (ageSeconds !== null) {
    await queryRows(sql`INSERT INTO queue_processes (id, role, host, pid, heartbeat_at)
      VALUES (${processId}, 'worker', 'elsewhere', 1, now() - make_interval(secs => ${ageSeconds}))`)
  }
  await queryRows(sql`UPDATE queue_job_runs SET process_id = ${processId} WHERE job_id = ${jobId}`)
  return processId
}

it('retries at once a job whose process is gone, and within seconds one whose heartbeat stopped', async () => {
  const gone = (await enqueue(stallJob, { word: 'gone' }))!
  const silent = (await enqueue(stallJob, { word: 'silent' }))!
  await runOf(gone)
  await runOf(silent)
  const started = Date.now()
  await handToProcess(gone, null)
  const silentProcess = await handToProcess(silent, 3600)
  await until('both jobs to finish', () => finished.includes('gone') && finished.includes('silent'), 30_000)
  // Retry delay 1 s with back-off, checks every second: well under pg-boss's own expiry (15 min).
  expect(Date.now() - started).toBeLessThan(15_000)
  // pg-boss marks the job completed just after its handler returns: a busy machine read 'active'
  // between the two.
  await until('the job to complete', () => jobState(gone), (state) => state === 'completed', 10_000)
  expect(await queryRows(sql`SELECT 1 FROM queue_processes WHERE id = ${silentProcess}`)).toEqual([])
})

it('leaves alone a job whose process is alive', async () => {
  const alive = (await enqueue(stallJob, { word: 'alive' }))!
  await runOf(alive)
  // A heartbeat 30 s ahead stays fresh however slow this machine is: at 0 s, a busy machine took
  // more than the 3 s of staleness between this line and the check below, and the job was retried.
  await handToProcess(alive, -30)
  await new Promise((r) => setTimeout(r, 2500))
  expect(await jobState(alive)).toBe('active')
  expect(attempts.get('alive')).toBe(1)
})

it('tells the job its last attempt was abandoned, once', async () => {
  const last = (await enqueue(onceJob, { word: 'last' }))!
  await runOf(last)
  await handToProcess(last, null)
  await until('the job to be abandoned', () => abandoned.includes('last'), 30_000)
  expect(await jobState(last)).toBe('failed')
  await new Promise((r) => setTimeout(r, 1500))
  expect(abandoned).toEqual(['last'])
  expect(attempts.get('last')).toBe(1)
})

/** The job as a process leaves it when it stops between taking the job and recording its run. */
async function forgetRunOf(jobId: string, startedSecondsAgo: number) {
  await queryRows(sql`DELETE FROM queue_job_runs WHERE job_id = ${jobId}`)
  await queryRows(sql`UPDATE pgboss.job SET started_on = now() - make_interval(secs => ${startedSecondsAgo}) WHERE id = ${jobId}`)
}

it('retries within seconds a job active with no run recorded, as a process killed just after taking it leaves it', async () => {
  const orphan = (await enqueue(orphanJob, { word: 'orphan' }))!
  await runOf(orphan)
  const started = Date.now()
  await forgetRunOf(orphan, 60)
  await until('the job to run again', () => finished.includes('orphan'), 30_000)
  expect(Date.now() - started).toBeLessThan(15_000)
  expect(attempts.get('orphan')).toBe(2)
  // The claim the check made to fail it is gone with it.
  await until('the job to complete', () => jobState(orphan), (state) => state === 'completed', 10_000)
  expect(await queryRows(sql`SELECT 1 FROM queue_job_runs WHERE job_id = ${orphan}`)).toEqual([])
})

it('leaves alone a job taken a moment ago whose run is not recorded yet', async () => {
  const taken = (await enqueue(orphanJob, { word: 'taken' }))!
  await runOf(taken)
  // Taken 30 s ahead of now: fresh however slow this machine is.
  await forgetRunOf(taken, -30)
  await new Promise((r) => setTimeout(r, 2500))
  expect(await jobState(taken)).toBe('active')
  expect(attempts.get('taken')).toBe(1)
})
