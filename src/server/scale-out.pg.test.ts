import { afterAll, expect, it } from 'vitest'
import {
  bigCsv,
  createProcessTest,
  progressOverHttp,
  signUpOverHttp,
  uploadOverHttp,
  waitHealthy,
  type ProcessTest,
  type ServerProcess,
} from '#server/test/server-process'
import { until } from '#server/test/until'

/**
 * The README's scale-out, as separate OS processes on one fresh PostgreSQL database: one API and
 * two workers started at the same moment, several imports shared between the workers, and one
 * worker stopped mid-import while the other finishes its work. `npm run test:scale` runs it
 * (CI sets DATABASE_URL); without a PostgreSQL server there is nothing to scale out on, so it fails.
 */
let test: ProcessTest | undefined

afterAll(async () => {
  // What the processes said, for a failure's story.
  for (const server of test?.servers ?? []) {
    const tail = server.logs.filter((line) => (line.level as number) >= 40 || String(line.event).startsWith('queue.job') || line.method === 'POST').slice(-15)
    console.warn(server.role, server.child.pid, server.child.exitCode, JSON.stringify(tail), server.output.join('').slice(-2000))
  }
  await test?.close()
})

const jobsStartedBy = (server: ServerProcess) =>
  server.logs.filter((line) => line.event === 'queue.job.start' && line.job === 'uploads.import').map((line) => line.jobId)

it('runs one API and two workers started together, shares imports, and survives a worker stopped mid-import', { timeout: 600_000 }, async () => {
  if (!process.env.DATABASE_URL) throw new Error('The scale-out test needs DATABASE_URL: a PostgreSQL server the processes share.')
  test = await createProcessTest({ name: 'scale' })
  const { baseUrl, dataDir } = test

  // All three at the same moment, on a database nothing has migrated yet.
  const api = test.start('api')
  const workers = [test.start('worker'), test.start('worker')]
  await waitHealthy(baseUrl, api)
  await until('both workers to take jobs', () =>
    workers.every((worker) => {
      if (worker.child.exitCode !== null) throw new Error(`a worker exited ${worker.child.exitCode}: ${worker.output.join('')}`)
      return worker.logs.some((line) => line.event === 'queue.ready')
    }),
  )

  const { headers } = await signUpOverHttp(baseUrl, dataDir)
  const rowsOf = [30_000, 30_000, 30_000, 30_000]
  const ids: string[] = []
  for (const [i, rows] of rowsOf.entries()) ids.push(await uploadOverHttp(baseUrl, headers, `part-${i}.csv`, bigCsv(rows, `p${i}`)))
  const completed = async (id: string) => {
    const progress = await progressOverHttp(baseUrl, headers, id)
    if (progress.status === 'failed') throw new Error(`import ${id} failed: ${progress.error_message}`)
    return progress.status === 'completed' ? progress : undefined
  }
  for (const [i, id] of ids.entries()) expect((await until(`import ${i}`, () => completed(id), 120_000)).valid_rows).toBe(rowsOf[i])
  // Each worker runs two imports at once, so four uploads sent together reach both.
  expect(workers.map((worker) => jobsStartedBy(worker).length).every((n) => n > 0)).toBe(true)

  // One worker is killed in the middle of an import; the other finishes it.
  for (const worker of workers) jobsBefore.set(worker, new Set(jobsStartedBy(worker)))
  const big = await uploadOverHttp(baseUrl, headers, 'big.csv', bigCsv(150_000, 'big'))
  const owner = await until('a worker to take the big import', () =>
    workers.find((worker) => jobsStartedBy(worker).some((jobId) => !jobsBefore.get(worker)!.has(jobId))),
  )
  const other = workers.find((worker) => worker !== owner)!
  await until('rows to arrive', async () => (await progressOverHttp(baseUrl, headers, big)).processed_rows > 0)
  const stoppedAt = Date.now()
  await owner.stop('SIGKILL')
  const done = await until('the other worker to finish the big import', () => completed(big), 60_000)
  console.warn(`scale_out_import_finished_after_worker_stop_ms: ${Date.now() - stoppedAt}`)
  expect(done.valid_rows).toBe(150_000)
  expect(jobsStartedBy(other).length).toBeGreaterThan(jobsBefore.get(other)!.size)
})

const jobsBefore = new Map<ServerProcess, Set<string | undefined>>()
