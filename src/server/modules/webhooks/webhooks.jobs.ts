import { z } from 'zod'
import { defineJob, enqueue } from '#server/platform/queue'
import { deliverWebhook, failAbandonedDelivery } from './webhook-delivery.ts'

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

export async function enqueueDelivery(deliveryId: string, afterSeconds = 0) {
  await enqueue(deliverWebhookJob, { deliveryId }, afterSeconds > 0 ? { startAfter: new Date(Date.now() + afterSeconds * 1000) } : {})
}
