import { z } from 'zod'
import { defineJob, enqueue, type QueueTransaction } from '#server/platform/queue'
import { refreshDuplicateFigures } from './duplicates.service.ts'

/** How long a file must go without an addition before its duplicates are counted again. */
const QUIET_MS = 3000

/**
 * The duplicate figures of a file that rows were added to (issue 33). Sent in the addition's
 * transaction, at most one per file every two seconds; it counts once the file has been quiet
 * for QUIET_MS, and until then sends itself again for when it will be, so a script adding 10,000
 * rows a call does not wait behind a scan of the whole file after each call.
 */
export const refreshDuplicateFiguresJob = defineJob({
  name: 'rows.refresh-duplicate-figures',
  schema: z.object({ uploadId: z.uuid() }),
  retryLimit: 2,
  handler: async ({ payload }) => {
    const { retryInMs } = await refreshDuplicateFigures({ uploadId: payload.uploadId, quietMs: QUIET_MS })
    if (retryInMs !== null) await enqueue(refreshDuplicateFiguresJob, payload, { startAfter: Math.max(1, Math.ceil(retryInMs / 1000)) })
  },
})

/** Asks for the recount in the transaction that added the rows: it exists if and only if they do. */
export async function refreshDuplicateFiguresLater(tx: QueueTransaction, uploadId: string) {
  await enqueue(refreshDuplicateFiguresJob, { uploadId }, { tx, singletonKey: uploadId, singletonSeconds: 2, singletonNextSlot: true })
}
