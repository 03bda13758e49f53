import { afterAll, beforeAll, expect, it } from 'vitest'
import { z } from 'zod'
import { driver } from '#server/db/client'
import { createTestApp, type TestApp } from '#server/test/test-app'
import { until } from '#server/test/until'
import { defineJob, enqueue, startQueue, stopQueue } from './queue.ts'

const seen: string[] = []
const attempts = new Map<string, number>()
const echoJob = defineJob({
  name: 'test.echo',
  schema: z.object({ word: z.string() }),
  retryLimit: 1,
  retryDelaySeconds: 0,
  handler: async ({ payload }) => {
    const n = (attempts.get(payload.word) ?? 0) + 1
    attempts.set(payload.word, n)
    if (payload.word === 'flaky' && n === 1) throw new Error('first try fails')
    seen.push(payload.word)
  },
})

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  await startQueue({ driver, databaseUrl: t.runtime.env.DATABASE_URL, jobs: [echoJob], work: true, pollingIntervalSeconds: 0.5 })
})
afterAll(async () => {
  await stopQueue()
  await t?.close()
})

it('runs a job sent to the queue on this database', async () => {
  await enqueue(echoJob, { word: 'hello' })
  await until('the job to run', () => seen.includes('hello'), 15_000)
})

it('retries a job whose handler failed', async () => {
  await enqueue(echoJob, { word: 'flaky' })
  await until('the job to run again', () => seen.includes('flaky'), 15_000)
  expect(attempts.get('flaky')).toBe(2)
})

it('refuses a payload that does not match the job schema', async () => {
  await expect(enqueue(echoJob, { word: 3 } as never)).rejects.toThrow()
})
