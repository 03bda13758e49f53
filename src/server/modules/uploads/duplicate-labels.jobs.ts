import { z } from 'zod'
import { defineJob, enqueue, type QueueTransaction } from '#server/platform/queue'
import { refreshUploadDuplicateLabels } from './duplicate-labels.service.ts'

/** How long a file must go without a change before its duplicate labels are written again. */
const QUIET_MS = 3000

/**
 * The duplicate labels and figures of a file whose rows changed (rows added, a cell of an
 * identifying column edited, rows deleted): the one way they are written again after the import
 * (issue 42; a plan never asks for it). Sent in the change's transaction, at most one per file
 * every two seconds; it runs once the file has been quiet for QUIET_MS, and until then sends
 * itself again for when it will be, so a script adding 10,000 rows a call does not wait behind a
 * pass over the file after each call.
 */
export const refreshDuplicateLabelsJob = defineJob({
  name: 'rows.refresh-duplicate-labels',
  schema: z.object({ uploadId: z.uuid() }),
  retryLimit: 2,
  handler: async ({ payload }) => {
    const { retryInMs } = await refreshUploadDuplicateLabels({ uploadId: payload.uploadId, quietMs: QUIET_MS })
    if (retryInMs !== null) await enqueue(refreshDuplicateLabelsJob, payload, { startAfter: Math.max(1, Math.ceil(retryInMs / 1000)) })
  },
})

/** Asks for the labels to be written again in the transaction that changed the rows: it exists if and only if the change does. */
export async function refreshDuplicateLabelsLater(tx: QueueTransaction, uploadId: string) {
  await enqueue(refreshDuplicateLabelsJob, { uploadId }, { tx, singletonKey: uploadId, singletonSeconds: 2, singletonNextSlot: true })
}
