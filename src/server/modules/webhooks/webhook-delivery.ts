import { and, eq, isNull, lte, sql } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { WEBHOOKS } from '#common/constants'
import { WEBHOOK_MESSAGES } from '#common/messages'
import { db } from '#server/db/client'
import { user, webhookDeliveries, webhookEndpoints } from '#server/db/schema/index'
import { env } from '#server/env'
import { decryptSecret } from '#server/platform/crypto'
import { causedByRefusedAddress } from '#server/platform/guarded-fetch'
import { logger } from '#server/platform/logger'
import { mailer } from '#server/platform/mail'
import type { QueueTransaction } from '#server/platform/queue'
import { webhookDisabledMail } from '#server/platform/mail-templates'
import { disabledReasonOf } from './endpoint-status.ts'
import { webhookFetch } from './webhook-url.ts'

/** The schedule, as an object tests may shorten (as `callTuning` in enrichment). */
export const webhookTiming = {
  retryDelaysSeconds: [...WEBHOOKS.retryDelaysSeconds] as number[],
  timeoutMs: WEBHOOKS.timeoutMs as number,
}

/** The authenticated data of an endpoint's secret: it decrypts only on its own row. */
export const secretContext = (endpointId: string) => `webhook_endpoints:${endpointId}`

function describeFailure(error: unknown): string {
  if (causedByRefusedAddress(error)) return WEBHOOK_MESSAGES.refusedAtDelivery
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return WEBHOOK_MESSAGES.timedOut
  return error instanceof Error ? error.message.slice(0, 300) : 'The call failed.'
}

type Endpoint = typeof webhookEndpoints.$inferSelect
type Delivery = typeof webhookDeliveries.$inferSelect

/** What one call to a receiver came to: its status, or why it failed (null when it succeeded). */
export type CallOutcome = { responseStatus: number | null; error: string | null; timestamp: Date }

/**
 * One call of a delivery, signed by the Standard Webhooks convention (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature`: HMAC-SHA256 over `id.timestamp.body`). A 2xx answer
 * succeeds; anything else (a timeout, a refused address, a 3xx: redirects are not followed) fails.
 */
export async function callEndpoint(endpoint: Endpoint, delivery: Delivery): Promise<CallOutcome> {
  const body = JSON.stringify(delivery.payload)
  const timestamp = new Date()
  const signature = new Webhook(decryptSecret(endpoint.encryptedSecret, secretContext(endpoint.id))).sign(delivery.messageId, timestamp, body)
  try {
    const res = await webhookFetch(endpoint.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Rowcraft-Webhooks/1',
        'webhook-id': delivery.messageId,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body,
      signal: AbortSignal.timeout(webhookTiming.timeoutMs),
    })
    return { responseStatus: res.status, error: res.ok ? null : `Answered ${res.status}`, timestamp }
  } catch (caught) {
    return { responseStatus: null, error: describeFailure(caught), timestamp }
  }
}

/** Every attempt of a delivery's job was cut short by a stopped process: the delivery fails. */
export async function failAbandonedDelivery({ deliveryId }: { deliveryId: string }) {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', error: 'The delivery was interrupted.' })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'pending')))
}

/**
 * Notes a failure on the endpoint; one that has failed since more than WEBHOOKS.disableAfterMs
 * ago (with no success between) is turned off, and its owner mailed once. True when it is off.
 */
export async function recordEndpointFailure(endpointId: string): Promise<boolean> {
  await db
    .update(webhookEndpoints)
    .set({ failingSince: sql`now()` })
    .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.failingSince)))
  const [disabled] = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledAt: new Date(), disabledReason: 'failing', updatedAt: new Date() })
    .where(
      and(
        eq(webhookEndpoints.id, endpointId),
        eq(webhookEndpoints.enabled, true),
        lte(webhookEndpoints.failingSince, new Date(Date.now() - WEBHOOKS.disableAfterMs)),
      ),
    )
    .returning()
  if (!disabled) return false
  logger.warn({ event: 'webhooks.endpoint.disabled', endpointId })
  const [owner] = await db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, disabled.userId))
  if (owner) await mailer.send(webhookDisabledMail(owner.email, owner.name, disabled.url, `${env.PUBLIC_URL}/dashboard/api-settings`))
  return true
}

/**
 * What an attempt leaves for its job to do: nothing (delivered, failed for good, or no longer
 * pending), or try again after a delay. A retry's failed attempt is written by
 * `recordRetryingAttempt` in the transaction that queues the next one, so a delivery never stays
 * pending without a job to try it.
 */
export type AttemptNextStep =
  | { kind: 'done' }
  | { kind: 'retry'; deliveryId: string; endpointId: string; afterSeconds: number; attempts: number; outcome: CallOutcome }

/**
 * An attempt of a delivery still pending: the call, then its outcome on the delivery row, unless
 * it is to be tried again (the job writes that, with the next attempt's job). Running it again for
 * a delivery no longer pending does nothing.
 */
export async function attemptDelivery({ deliveryId }: { deliveryId: string }): Promise<AttemptNextStep> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId))
  if (!row || row.delivery.status !== 'pending') return { kind: 'done' }
  const { delivery, endpoint } = row
  // Off (failing, or its token revoked or expired): the delivery fails with the reason, and no call is made.
  const disabledReason = disabledReasonOf(endpoint)
  if (disabledReason) {
    await db
      .update(webhookDeliveries)
      .set({ status: 'failed', error: WEBHOOK_MESSAGES.disabledReasons[disabledReason] })
      .where(eq(webhookDeliveries.id, delivery.id))
    return { kind: 'done' }
  }

  const outcome = await callEndpoint(endpoint, delivery)
  const { responseStatus, error, timestamp } = outcome
  const attempts = delivery.attempts + 1
  if (error === null) {
    await db.transaction(async (tx) => {
      await tx
        .update(webhookDeliveries)
        .set({ status: 'succeeded', attempts, responseStatus, error: null, lastAttemptAt: timestamp })
        .where(eq(webhookDeliveries.id, delivery.id))
      await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id))
    })
    return { kind: 'done' }
  }

  const isDisabled = await recordEndpointFailure(endpoint.id)
  const delay = isDisabled ? undefined : webhookTiming.retryDelaysSeconds[attempts - 1]
  if (delay !== undefined) return { kind: 'retry', deliveryId, endpointId: endpoint.id, afterSeconds: delay, attempts, outcome }
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', attempts, responseStatus, error, lastAttemptAt: timestamp })
    .where(eq(webhookDeliveries.id, delivery.id))
  logFailedAttempt({ deliveryId, endpointId: endpoint.id, attempts, responseStatus, retryInSeconds: null })
  return { kind: 'done' }
}

/** A failed attempt that will be tried again: the delivery stays pending, with this attempt's outcome. */
export async function recordRetryingAttempt(tx: QueueTransaction, step: Extract<AttemptNextStep, { kind: 'retry' }>) {
  const { responseStatus, error, timestamp } = step.outcome
  await tx
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: step.attempts, responseStatus, error, lastAttemptAt: timestamp })
    .where(eq(webhookDeliveries.id, step.deliveryId))
}

export function logFailedAttempt(fields: { deliveryId: string; endpointId: string; attempts: number; responseStatus: number | null; retryInSeconds: number | null }) {
  logger.info({ event: 'webhooks.delivery.failed', ...fields })
}
