import { z } from 'zod'
import { AI } from '#common/constants'
import { defineJob, enqueue, type QueueTransaction } from '#server/platform/queue'
import { logger } from '#server/platform/logger'
import { findSilentRuns, runFieldSlice } from './runs/slices.ts'
import { resumeRunsWithAccess } from './runs/run-stops.ts'

/** Workers sent per run: each takes cells until none is left, so several processes share a run. */
const JOBS_PER_RUN = 3
/**
 * A job that lands on a process already working on its field is passed on, so that another
 * worker process takes it (pg-boss hands jobs to whichever process asks first: one process used
 * to take all three). After this many passes it ends: the job running there keeps that process's
 * provider slots full (it claims ahead of them), and a second one would only add statements.
 */
const MAX_PASSES = 10

const runFieldPayloadSchema = z.object({ fieldId: z.uuid(), passes: z.number().int().min(0).optional() })

/** One worker's share of an AI field's run (idempotent: cells are claimed, charges keyed per cell and run). */
export const runFieldJob = defineJob({
  name: 'enrichment.run-field',
  schema: runFieldPayloadSchema,
  retryLimit: 5,
  retryDelaySeconds: 2,
  // A job hands over to a new one after its slice (runs/tuning.ts `sliceMs`), well before this.
  expireInSeconds: 15 * 60,
  // Several fields may run at once in one process; each job mostly waits on the provider.
  concurrency: 8,
  handler: async ({ payload }) => {
    const passes = payload.passes ?? 0
    const next = await runFieldSlice({ fieldId: payload.fieldId, mayPassOn: passes < MAX_PASSES })
    if (next === 'continue') await enqueue(runFieldJob, { fieldId: payload.fieldId })
    if (next === 'busy-here') await enqueue(runFieldJob, { fieldId: payload.fieldId, passes: passes + 1 })
  },
})

/** Sends a run's workers; with `tx`, in the transaction that queued its cells (they exist if it commits). */
export async function enqueueFieldRun(fieldId: string, cells: number, tx?: QueueTransaction) {
  const jobs = Math.max(1, Math.min(JOBS_PER_RUN, Math.ceil(cells / AI.claimBatchSize)))
  for (let i = 0; i < jobs; i += 1) await enqueue(runFieldJob, { fieldId }, { tx })
}

/** Every minute: runs whose workers went silent (a restart, a lost job) get new ones. */
export const recoverRunsJob = defineJob({
  name: 'enrichment.recover-runs',
  schema: z.object({}).passthrough(),
  retryLimit: 0,
  cron: '* * * * *',
  handler: async () => {
    await recoverEnrichmentRuns({ atStartup: false })
  },
})

export async function recoverEnrichmentRuns({ atStartup }: { atStartup: boolean }) {
  const runs = await findSilentRuns({ atStartup })
  for (const run of runs) {
    logger.info({ event: 'enrichment.run.recover', fieldId: run.id })
    await enqueueFieldRun(run.id, run.runTotal)
  }
  // Runs paused because their owner had no plan go on once the owner has one again.
  for (const run of await resumeRunsWithAccess()) {
    logger.info({ event: 'enrichment.run.resume_with_access', fieldId: run.id })
    await enqueueFieldRun(run.id, run.runTotal)
  }
  return runs.length
}
