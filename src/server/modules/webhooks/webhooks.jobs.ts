import { z } from 'zod'
import { db } from '#server/db/client'
import { defineJob, enqueue, type QueueTransaction } from '#server/platform/queue'
import { attemptDelivery, failAbandonedDelivery, logFailedAttempt, recordRetryingAttempt } from './webhook-delivery.ts'

/**
 * One attempt of one delivery; a failed attempt schedules the next itself (WEBHOOKS.retryDelaysSeconds).
 * pg-boss's own retries are for a process that stopped mid-attempt or a database error: the attempt
 * runs again (a receiver drops a duplicate by its `webhook-id`).
 */
export const deliverWebhookJob = defineJob({
  name: 'webhooks.deliver',
  schema: z.object({ deliveryId: z.uuid() }),
  retryLimit: 2,
  retryDelaySeconds: 30,
  concurrency: 4,
  handler: ({ payload }) => deliverWebhook(payload),
  onAbandoned: ({ payload }) => failAbandonedDelivery(payload),
})

/** Queues an attempt in the transaction that wrote (or rescheduled) its delivery: both or neither. */
export async function enqueueDelivery(tx: QueueTransaction, deliveryId: string, afterSeconds = 0) {
  await enqueue(deliverWebhookJob, { deliveryId }, afterSeconds > 0 ? { tx, startAfter: new Date(Date.now() + afterSeconds * 1000) } : { tx })
}

/**
 * An attempt (`attemptDelivery`), then what it leaves to do: after a failure to be tried again,
 * the attempt's outcome and the next attempt's job in one transaction.
 */
export async function deliverWebhook(payload: { deliveryId: string }) {
  const next = await attemptDelivery(payload)
  if (next.kind === 'done') return
  await db.transaction(async (tx) => {
    await recordRetryingAttempt(tx, next)
    await enqueueDelivery(tx, next.deliveryId, next.afterSeconds)
  })
  const { deliveryId, endpointId, attempts, afterSeconds } = next
  logFailedAttempt({ deliveryId, endpointId, attempts, responseStatus: next.outcome.responseStatus, retryInSeconds: afterSeconds })
}
