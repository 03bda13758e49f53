import PgBoss from 'pg-boss'
import type { ZodType } from 'zod'
import type { Driver } from '#server/db/client'
import { listen, notify } from './events.ts'
import { logger } from './logger.ts'

/** A queue job: dotted name, zod payload checked on send and on receipt, idempotent handler. */
export type JobDefinition<Payload> = {
  name: string
  schema: ZodType<Payload>
  retryLimit?: number
  retryDelaySeconds?: number
  expireInSeconds?: number
  /** Jobs a worker runs at once. */
  concurrency?: number
  /** Runs on this cron schedule (pg-boss schedules: every process may register it, one job is sent). */
  cron?: string
  handler: (job: { id: string; payload: Payload }) => Promise<void>
}

export function defineJob<Payload>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition
}

// A list of jobs holds each with its own payload type; `unknown` would not accept them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobDefinition = JobDefinition<any>

let boss: PgBoss | undefined

/**
 * A worker polls for jobs every half second; a new job wakes it at once instead (an import
 * started on average a quarter of a second late). The wake-up goes out on the event bus's
 * connection, so it reaches worker processes other than the sender's.
 */
const WAKE_CHANNEL = 'rowcraft_jobs'
const localWorkers = new Map<string, string[]>()
let stopWakeUps: (() => void) | undefined

function wakeLocalWorkers(jobName: string) {
  for (const id of localWorkers.get(jobName) ?? []) boss?.notifyWorker(id)
}

/** pg-boss 10 on PGlite: parameterless SQL may hold several statements, which only `exec` runs. */
function pgliteAdapter(driver: Extract<Driver, { kind: 'pglite' }>): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return driver.client.query(text, values)
      const results = await driver.client.exec(text)
      return results.at(-1) ?? { rows: [] }
    },
  }
}

export type QueueOptions = {
  driver: Driver
  databaseUrl?: string
  jobs: AnyJobDefinition[]
  /** Workers take jobs only in the `all` and `worker` roles; an API process only sends. */
  work: boolean
  pollingIntervalSeconds?: number
}

export async function startQueue(options: QueueOptions) {
  boss = new PgBoss(
    options.driver.kind === 'pglite'
      ? { db: pgliteAdapter(options.driver), schema: 'pgboss', supervise: true, schedule: true }
      : { connectionString: options.databaseUrl, schema: 'pgboss', max: 4 },
  )
  boss.on('error', (error) => logger.error({ event: 'queue.error', err: error }))
  await boss.start()
  for (const job of options.jobs) {
    await boss.createQueue(job.name, {
      name: job.name,
      retryLimit: job.retryLimit ?? 2,
      retryDelay: job.retryDelaySeconds ?? 5,
      retryBackoff: true,
      expireInSeconds: job.expireInSeconds ?? 15 * 60,
    })
    // Scheduling lives in the database: every process may register it, pg-boss sends one job per tick.
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' })
    if (!options.work) continue
    const workers = job.concurrency ?? 1
    for (let i = 0; i < workers; i += 1) {
      const workerId = await boss.work(job.name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5, batchSize: 1 }, async ([item]) => {
        if (!item) return
        const payload = job.schema.parse(item.data)
        logger.info({ event: 'queue.job.start', job: job.name, jobId: item.id })
        await job.handler({ id: item.id, payload })
        logger.info({ event: 'queue.job.done', job: job.name, jobId: item.id })
      })
      localWorkers.set(job.name, [...(localWorkers.get(job.name) ?? []), workerId])
    }
  }
  if (options.work) stopWakeUps = await listen(WAKE_CHANNEL, wakeLocalWorkers)
}

export async function enqueue<Payload>(job: JobDefinition<Payload>, payload: Payload, options: PgBoss.SendOptions = {}) {
  if (!boss) throw new Error('Queue used before startQueue()')
  const data = job.schema.parse(payload) as object
  const id = await boss.send(job.name, data, options)
  if (!options.startAfter) {
    await notify(WAKE_CHANNEL, job.name).catch((error: unknown) => {
      // The job is stored either way; a worker finds it at its next poll.
      logger.warn({ event: 'queue.wake_failed', job: job.name, err: error })
    })
  }
  return id
}

/** The registered cron schedules, by job name. */
export async function listSchedules(): Promise<Array<{ name: string; cron: string }>> {
  if (!boss) throw new Error('Queue used before startQueue()')
  const schedules = await boss.getSchedules()
  return schedules.map((s) => ({ name: s.name, cron: s.cron }))
}

export async function stopQueue() {
  stopWakeUps?.()
  stopWakeUps = undefined
  localWorkers.clear()
  if (!boss) return
  await boss.stop({ graceful: true, timeout: 10_000, wait: true })
  boss = undefined
}
