import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { WEBHOOK_MESSAGES } from '#common/messages'
import { db } from '#server/db/client'
import { webhookDeliveries, webhookEndpoints } from '#server/db/schema/index'
import { logger } from '#server/platform/logger'
import { defineJob, enqueue, type QueueTransaction } from '#server/platform/queue'
import { callEndpoint, failAbandonedDelivery, recordEndpointFailure, webhookTiming } from './webhook-delivery.ts'
import { disabledReasonOf } from './endpoint-status.ts'

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
 * An attempt of a delivery still pending: the call, then its outcome on the delivery row and, after
 * a failure, the next attempt's job, in one transaction (a delivery never stays pending without a
 * job to try it). Running it again for a delivery no longer pending does nothing.
 */
export async function deliverWebhook({ deliveryId }: { deliveryId: string }) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId))
  if (!row || row.delivery.status !== 'pending') return
  const { delivery, endpoint } = row
  // Off (failing, or its token revoked or expired): the delivery fails with the reason, and no call is made.
  const disabledReason = disabledReasonOf(endpoint)
  if (disabledReason) {
    await db
      .update(webhookDeliveries)
      .set({ status: 'failed', error: WEBHOOK_MESSAGES.disabledReasons[disabledReason] })
      .where(eq(webhookDeliveries.id, delivery.id))
    return
  }

  const { responseStatus, error, timestamp } = await callEndpoint(endpoint, delivery)
  const attempts = delivery.attempts + 1
  if (error === null) {
    await db.transaction(async (tx) => {
      await tx
        .update(webhookDeliveries)
        .set({ status: 'succeeded', attempts, responseStatus, error: null, lastAttemptAt: timestamp })
        .where(eq(webhookDeliveries.id, delivery.id))
      await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id))
    })
    return
  }

  const isDisabled = await recordEndpointFailure(endpoint.id)
  const delay = isDisabled ? undefined : webhookTiming.retryDelaysSeconds[attempts - 1]
  await db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({ status: delay === undefined ? 'failed' : 'pending', attempts, responseStatus, error, lastAttemptAt: timestamp })
      .where(eq(webhookDeliveries.id, delivery.id))
    if (delay !== undefined) await enqueueDelivery(tx, delivery.id, delay)
  })
  logger.info({ event: 'webhooks.delivery.failed', deliveryId, endpointId: endpoint.id, attempts, responseStatus, retryInSeconds: delay ?? null })
}
