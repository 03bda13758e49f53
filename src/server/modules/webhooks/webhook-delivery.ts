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
import { webhookDisabledMail } from '#server/platform/mail-templates'
import { disabledReasonOf } from './endpoint-status.ts'
import { webhookFetch } from './webhook-url.ts'
import { enqueueDelivery } from './webhooks.jobs.ts'

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

/**
 * One attempt of a delivery, signed by the Standard Webhooks convention (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature`: HMAC-SHA256 over `id.timestamp.body`). A 2xx answer
 * succeeds; anything else (a timeout, a refused address, a 3xx: redirects are not followed) is a
 * failure retried on the schedule. Running it again for a delivery no longer pending does nothing.
 */
export async function deliverWebhook({ deliveryId }: { deliveryId: string }) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId))
  if (!row || row.delivery.status !== 'pending') return
  const { delivery, endpoint } = row
  const disabledReason = disabledReasonOf(endpoint)
  if (disabledReason) {
    await db
      .update(webhookDeliveries)
      .set({ status: 'failed', error: WEBHOOK_MESSAGES.disabledReasons[disabledReason] })
      .where(eq(webhookDeliveries.id, delivery.id))
    return
  }

  const body = JSON.stringify(delivery.payload)
  const timestamp = new Date()
  const signature = new Webhook(decryptSecret(endpoint.encryptedSecret, secretContext(endpoint.id))).sign(delivery.messageId, timestamp, body)
  let responseStatus: number | null = null
  let error: string | null = null
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
    responseStatus = res.status
    if (!res.ok) error = `Answered ${res.status}`
  } catch (caught) {
    error = describeFailure(caught)
  }

  const attempts = delivery.attempts + 1
  if (error === null) {
    await db
      .update(webhookDeliveries)
      .set({ status: 'succeeded', attempts, responseStatus, error: null, lastAttemptAt: timestamp })
      .where(eq(webhookDeliveries.id, delivery.id))
    await db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id))
    return
  }

  const isDisabled = await recordEndpointFailure(endpoint.id)
  const delay = isDisabled ? undefined : webhookTiming.retryDelaysSeconds[attempts - 1]
  await db
    .update(webhookDeliveries)
    .set({ status: delay === undefined ? 'failed' : 'pending', attempts, responseStatus, error, lastAttemptAt: timestamp })
    .where(eq(webhookDeliveries.id, delivery.id))
  logger.info({ event: 'webhooks.delivery.failed', deliveryId, endpointId: endpoint.id, attempts, responseStatus, retryInSeconds: delay ?? null })
  if (delay !== undefined) await enqueueDelivery(delivery.id, delay)
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
async function recordEndpointFailure(endpointId: string): Promise<boolean> {
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
