import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * The processes that take queue jobs, each renewing its heartbeat, and the jobs each is running.
 * A job whose process stopped renewing (or is gone from this table) was abandoned: another
 * process fails it in pg-boss, which retries it at once (docs/decisions/007).
 */
export const queueProcesses = pgTable('queue_processes', {
  id: uuid('id').primaryKey(),
  role: text('role').notNull(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
})

export const queueJobRuns = pgTable(
  'queue_job_runs',
  {
    jobId: uuid('job_id').primaryKey(),
    queue: text('queue').notNull(),
    processId: uuid('process_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('queue_job_runs_process_idx').on(t.processId)],
)
