import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { sql } from 'drizzle-orm'
import PgBoss from 'pg-boss'
import type { ZodType } from 'zod'
import { QUEUE_RECOVERY } from '#common/constants'
import type { Database, Driver } from '#server/db/client'
import { queryRows } from '#server/db/query-rows'
import { sqlArray } from '#server/db/sql-array'
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
  /**
   * Called once when a job whose process stopped mid-run has used up its retries, so the job's
   * owner can record the failure (an import marks its upload failed). Not called for a handler
   * that threw: the handler records its own failures.
   */
  onAbandoned?: (job: { id: string; payload: Payload }) => Promise<void>
}

export function defineJob<Payload>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition
}

// A list of jobs holds each with its own payload type; `unknown` would not accept them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobDefinition = JobDefinition<any>

let boss: PgBoss | undefined
let queueDriverKind: Driver['kind'] | undefined

/**
 * A new job wakes the workers of its queue at once (an import started on average a quarter of a
 * second late when they only polled). The wake-up goes out on the event bus's connection, so it
 * reaches worker processes other than the sender's. A worker that has run a job looks for the next
 * at once, so a backlog never waits for the poll. Polling is left for what nobody wakes: jobs
 * delayed (`startAfter`, retries) and scheduled ones, every POLL_SECONDS: each poll of each worker
 * is a statement, and on PGlite every statement takes a turn on the server's thread (decision 013):
 * 22 workers polling every half second were 44 statements a second: 1,531 polls took 6.3 s of the
 * 41 s PGlite spent in statements during a 25-second load bench run (issue 42).
 */
const POLL_SECONDS = 2
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
  /** The process's role, recorded with its heartbeat. */
  role?: string
  /**
   * This process was taken for stopped (its heartbeat was late) and its jobs went to others.
   * The server exits; by default (tests) the process registers again.
   */
  onDeclaredStopped?: () => void
  recovery?: Partial<Record<keyof typeof QUEUE_RECOVERY, number>>
}

/** Serialises every process's start-up writes to the queue's shared state (issue 15). */
const QUEUE_START_LOCK = 7244116

/** Runs `fn` while holding a PostgreSQL advisory lock; PGlite has one process, so no lock. */
async function withStartLock<T>(driver: Driver, fn: () => Promise<T>): Promise<T> {
  if (driver.kind === 'pglite') return fn()
  const client = await driver.pool.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [QUEUE_START_LOCK])
    return await fn()
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [QUEUE_START_LOCK]).catch(() => {})
    client.release()
  }
}

export async function startQueue(options: QueueOptions) {
  queueDriverKind = options.driver.kind
  boss = new PgBoss(
    options.driver.kind === 'pglite'
      ? { db: pgliteAdapter(options.driver), schema: 'pgboss', supervise: true, schedule: true }
      : { connectionString: options.databaseUrl, schema: 'pgboss', max: 4 },
  )
  boss.on('error', (error) => logger.error({ event: 'queue.error', err: error }))
  // Processes started together would otherwise create pg-boss's schema and queues concurrently:
  // `deadlock detected` inside createQueue ended a worker started with an API process.
  await withStartLock(options.driver, async () => {
    await boss!.start()
    for (const job of options.jobs) {
      await boss!.createQueue(job.name, {
        name: job.name,
        retryLimit: job.retryLimit ?? 2,
        retryDelay: job.retryDelaySeconds ?? 5,
        retryBackoff: true,
        expireInSeconds: job.expireInSeconds ?? 15 * 60,
      })
      // Scheduling lives in the database: every process may register it, pg-boss sends one job per tick.
      if (job.cron) await boss!.schedule(job.name, job.cron, {}, { tz: 'UTC' })
    }
  })
  definitions = new Map(options.jobs.map((job) => [job.name, job]))
  if (!options.work) return
  await startRecovery(options)
  for (const job of options.jobs) {
    const workers = job.concurrency ?? 1
    for (let i = 0; i < workers; i += 1) {
      const workerId: string = await boss.work(job.name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? POLL_SECONDS, batchSize: 1 }, async ([item]) => {
        if (!item) return
        const payload = job.schema.parse(item.data)
        await recordRun(item.id, job.name)
        try {
          logger.info({ event: 'queue.job.start', job: job.name, jobId: item.id })
          await job.handler({ id: item.id, payload })
          logger.info({ event: 'queue.job.done', job: job.name, jobId: item.id })
        } finally {
          await forgetRun(item.id)
          // The next job, if any, at once rather than at the next poll.
          boss?.notifyWorker(workerId)
        }
      })
      localWorkers.set(job.name, [...(localWorkers.get(job.name) ?? []), workerId])
    }
  }
  stopWakeUps = await listen(WAKE_CHANNEL, wakeLocalWorkers)
  logger.info({ event: 'queue.ready', role: options.role, processId, jobs: options.jobs.length })
}

let definitions = new Map<string, AnyJobDefinition>()

/*
 * Prompt recovery of abandoned jobs (docs/decisions/007). pg-boss itself retries an active job
 * only when its expiry passes (an hour for an import). Every working process registers in
 * `queue_processes`, renews its heartbeat, and records each job it runs in `queue_job_runs`.
 * At start and every few seconds it looks for runs whose process is gone or silent, and fails
 * those jobs in pg-boss, which retries them after their retry delay like any failed job.
 */
let processId: string | undefined
let recoveryTimer: NodeJS.Timeout | undefined

async function registerProcess(role: string) {
  processId = randomUUID()
  await queryRows(sql`INSERT INTO queue_processes (id, role, host, pid) VALUES (${processId}, ${role}, ${hostname()}, ${process.pid})`)
}

async function recordRun(jobId: string, queue: string) {
  await queryRows(
    sql`INSERT INTO queue_job_runs (job_id, queue, process_id) VALUES (${jobId}, ${queue}, ${processId})
      ON CONFLICT (job_id) DO UPDATE SET process_id = excluded.process_id, started_at = now()`,
  )
}

async function forgetRun(jobId: string) {
  await queryRows(sql`DELETE FROM queue_job_runs WHERE job_id = ${jobId} AND process_id = ${processId}`).catch((error: unknown) =>
    logger.warn({ event: 'queue.run_forget_failed', jobId, err: error }),
  )
}

/**
 * Fails in pg-boss every job whose process is gone: silent for `staleAfterSeconds`, or any other
 * process at all when `othersAreGone` (PGlite: only one process can open its data). One
 * statement removes the runs, so two processes checking at once never fail a job twice.
 */
export async function recoverAbandonedJobs({
  staleAfterSeconds = QUEUE_RECOVERY.staleAfterSeconds,
  othersAreGone = false,
}: { staleAfterSeconds?: number; othersAreGone?: boolean } = {}): Promise<number> {
  if (!boss) throw new Error('Queue used before startQueue()')
  const me = processId ?? '00000000-0000-0000-0000-000000000000'
  // A process on this machine whose pid is gone needs no wait for its heartbeat (a restart).
  const neighbours = await queryRows<{ id: string; pid: number }>(
    sql`SELECT id, pid FROM queue_processes WHERE host = ${hostname()} AND id <> ${me}`,
  )
  const exited = neighbours.filter(({ pid }) => !isRunning(pid)).map(({ id }) => id)
  const exitedList = sqlArray(exited, 'uuid')
  const abandoned = await queryRows<{ job_id: string; queue: string }>(sql`
    WITH gone AS (
      DELETE FROM queue_processes
      WHERE id <> ${me}
        AND (${othersAreGone} OR id = ANY(${exitedList}) OR heartbeat_at < now() - make_interval(secs => ${staleAfterSeconds}))
      RETURNING id
    )
    DELETE FROM queue_job_runs AS run
    WHERE run.process_id <> ${me}
      AND (run.process_id IN (SELECT id FROM gone)
        OR NOT EXISTS (SELECT 1 FROM queue_processes AS p WHERE p.id = run.process_id))
    RETURNING run.job_id, run.queue`)
  // A process stopped between pg-boss handing it a job and its first statement recording the run
  // leaves the job active with no run: pg-boss would retry it only at its expiry (15 minutes, an
  // hour for an import). A live process records its run at once, so a job active for longer than
  // the staleness with no run is abandoned (at a PGlite start, any: no other process is running).
  // Claiming it as a run of this process first means two processes checking at once fail it once.
  const unrecorded = await queryRows<{ job_id: string; queue: string }>(sql`
    INSERT INTO queue_job_runs (job_id, queue, process_id)
    SELECT job.id, job.name, ${me} FROM pgboss.job AS job
    WHERE job.state = 'active' AND job.name = ANY(${sqlArray([...definitions.keys()], 'text')})
      AND (${othersAreGone} OR job.started_on < now() - make_interval(secs => ${staleAfterSeconds}))
      AND NOT EXISTS (SELECT 1 FROM queue_job_runs AS run WHERE run.job_id = job.id)
    ON CONFLICT (job_id) DO NOTHING
    RETURNING job_id, queue`)
  for (const run of abandoned) await failAbandonedJob(boss, run)
  for (const run of unrecorded) {
    // The claim goes as soon as its job is failed: a retry this process takes records its run under the same id.
    try {
      await failAbandonedJob(boss, run)
    } finally {
      await queryRows(sql`DELETE FROM queue_job_runs WHERE job_id = ${run.job_id} AND process_id = ${me}`)
    }
  }
  return abandoned.length + unrecorded.length
}

/** Fails the job in pg-boss, which retries it; a job with no attempt left is told it was abandoned. */
async function failAbandonedJob(boss: PgBoss, { job_id: jobId, queue }: { job_id: string; queue: string }) {
  await boss.fail(queue, jobId, { message: 'The process running this job stopped; it is retried.' })
  const job = await boss.getJobById(queue, jobId)
  logger.warn({ event: 'queue.job.abandoned', job: queue, jobId, state: job?.state })
  const definition = definitions.get(queue)
  if (job?.state === 'failed' && definition?.onAbandoned) {
    await definition.onAbandoned({ id: jobId, payload: definition.schema.parse(job.data) })
  }
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: a process of another user has this pid, alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function startRecovery(options: QueueOptions) {
  const timings = { ...QUEUE_RECOVERY, ...options.recovery }
  await registerProcess(options.role ?? 'all')
  const recover = (othersAreGone: boolean) =>
    recoverAbandonedJobs({ staleAfterSeconds: timings.staleAfterSeconds, othersAreGone }).catch((error: unknown) =>
      logger.error({ event: 'queue.recovery_failed', err: error }),
    )
  await recover(options.driver.kind === 'pglite')
  let lastBeat = Date.now()
  const tick = async () => {
    if (Date.now() - lastBeat >= timings.heartbeatSeconds * 1000) {
      lastBeat = Date.now()
      const renewed = await queryRows(sql`UPDATE queue_processes SET heartbeat_at = now() WHERE id = ${processId} RETURNING id`).catch(
        (error: unknown) => {
          logger.warn({ event: 'queue.heartbeat_failed', err: error })
          return [{}]
        },
      )
      if (renewed.length === 0) {
        logger.error({ event: 'queue.process_declared_stopped', processId }, 'This process missed its heartbeats; its jobs went to other processes.')
        if (options.onDeclaredStopped) return options.onDeclaredStopped()
        await registerProcess(options.role ?? 'all')
      }
    }
    await recover(false)
  }
  const every = Math.min(timings.heartbeatSeconds, timings.checkEverySeconds) * 1000
  const loop = () => {
    recoveryTimer = setTimeout(() => void tick().finally(() => recoveryTimer && loop()), every)
    recoveryTimer.unref()
  }
  loop()
}

/** A Drizzle transaction (node-postgres or PGlite) whose statements a send joins. */
export type QueueTransaction = Parameters<Parameters<Database['transaction']>[0]>[0]

export type EnqueueOptions = PgBoss.SendOptions & {
  /**
   * Stores the job in the caller's transaction: it exists if and only if the state change that
   * asked for it commits (the outbox of decision 020). Workers are woken at the commit.
   */
  tx?: QueueTransaction
}

/**
 * pg-boss 10 sends through any `{ executeSql }`: here the connection of a Drizzle transaction
 * (`session.client`: node-postgres's PoolClient or PGlite's Transaction, both `query(text, values)`).
 */
function executorOf(tx: QueueTransaction): PgBoss.Db {
  const client = (tx as unknown as { session?: { client?: { query?: unknown } } }).session?.client
  if (!client || typeof client.query !== 'function') throw new Error('enqueue: `tx` is not a Drizzle transaction of node-postgres or PGlite')
  const query = client.query as (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>
  return { executeSql: (text, values) => query.call(client, text, values) }
}

/** Tests make the next sends of a job fail (`failNextSends`), as a database error in the send would. */
const sendFaults = new Map<string, number>()
export function failNextSends(jobName: string, count = 1) {
  sendFaults.set(jobName, count)
}

export async function enqueue<Payload>(job: JobDefinition<Payload>, payload: Payload, options: EnqueueOptions = {}) {
  if (!boss) throw new Error('Queue used before startQueue()')
  const { tx, ...sendOptions } = options
  const data = job.schema.parse(payload) as object
  const faults = sendFaults.get(job.name) ?? 0
  if (faults > 0) {
    sendFaults.set(job.name, faults - 1)
    throw new Error(`Sending ${job.name} failed (a fault a test asked for)`)
  }
  if (tx) {
    const executor = executorOf(tx)
    const id = await boss.send(job.name, data, { ...sendOptions, db: executor })
    // PostgreSQL delivers a NOTIFY at the commit, and not at all after a rollback. With PGlite
    // the woken worker's poll waits for the transaction's turn to end (decision 013).
    if (!sendOptions.startAfter) {
      if (queueDriverKind === 'pg') await executor.executeSql('SELECT pg_notify($1, $2)', [WAKE_CHANNEL, job.name])
      else await notify(WAKE_CHANNEL, job.name)
    }
    return id
  }
  const id = await boss.send(job.name, data, sendOptions)
  if (!sendOptions.startAfter) {
    await notify(WAKE_CHANNEL, job.name).catch((error: unknown) => {
      // The job is stored either way; a worker finds it at its next poll.
      logger.warn({ event: 'queue.wake_failed', job: job.name, err: error })
    })
  }
  return id
}

/**
 * Whether a job of this kind with this singleton key is waiting, running or due for a retry. pg-boss
 * 10 has no call for it, so this reads its job table (the archive holds only finished jobs).
 */
export async function hasUnfinishedJob(job: AnyJobDefinition, singletonKey: string): Promise<boolean> {
  const rows = await queryRows(
    sql`SELECT 1 FROM pgboss.job WHERE name = ${job.name} AND singleton_key = ${singletonKey} AND state < 'completed' LIMIT 1`,
  )
  return rows.length > 0
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
  clearTimeout(recoveryTimer)
  recoveryTimer = undefined
  if (!boss) return
  await boss.stop({ graceful: true, timeout: 10_000, wait: true })
  boss = undefined
  // Jobs still running past the stop's grace are left to other processes at once.
  if (processId) await queryRows(sql`DELETE FROM queue_processes WHERE id = ${processId}`).catch(() => {})
  processId = undefined
}
