import { z } from 'zod'
import { defineJob, enqueue } from '#server/platform/queue'
import { deliverWebhook } from './webhook-delivery.ts'

/** One attempt of one delivery; a failed attempt schedules the next itself (WEBHOOKS.retryDelaysSeconds). */
export const deliverWebhookJob = defineJob({
  name: 'webhooks.deliver',
  schema: z.object({ deliveryId: z.uuid() }),
  retryLimit: 0,
  concurrency: 4,
  handler: ({ payload }) => deliverWebhook(payload),
})

export async function enqueueDelivery(deliveryId: string, afterSeconds = 0) {
  await enqueue(deliverWebhookJob, { deliveryId }, afterSeconds > 0 ? { startAfter: new Date(Date.now() + afterSeconds * 1000) } : {})
}
