import { randomBytes, randomUUID } from 'node:crypto'
import { and, arrayContains, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm'
import { WEBHOOKS } from '#common/constants'
import { WEBHOOK_MESSAGES } from '#common/messages'
import type { CreatedWebhook, WebhookDelivery, WebhookEndpoint, WebhookEventType, WebhookList } from '#common/schemas/webhooks'
import { db, type Database } from '#server/db/client'
import { user, webhookDeliveries, webhookEndpoints } from '#server/db/schema/index'
import { AppError } from '#server/platform/app-error'
import { encryptSecret } from '#server/platform/crypto'
import type { QueueTransaction } from '#server/platform/queue'
import { disabledReasonOf } from './endpoint-status.ts'
import { secretContext } from './webhook-delivery.ts'
import { assertWebhookUrlAllowedOrThrow } from './webhook-url.ts'
import { enqueueDelivery } from './webhooks.jobs.ts'

type EndpointRow = typeof webhookEndpoints.$inferSelect
type DeliveryRow = typeof webhookDeliveries.$inferSelect
type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0]

/** The same rule as `disabledReasonOf`, in SQL: the endpoints that may be sent to now. */
const isLive = and(
  eq(webhookEndpoints.enabled, true),
  or(isNull(webhookEndpoints.tokenExpiresAt), gt(webhookEndpoints.tokenExpiresAt, sql`now()`)),
)

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    message_id: row.messageId,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    response_status: row.responseStatus,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
  }
}

function toEndpoint(row: EndpointRow, deliveries: DeliveryRow[]): WebhookEndpoint {
  const disabledReason = disabledReasonOf(row)
  const disabledAt = row.disabledAt ?? (disabledReason === 'token_expired' ? row.tokenExpiresAt : null)
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: disabledReason === null,
    disabled_at: disabledAt?.toISOString() ?? null,
    disabled_reason: disabledReason,
    token_expires_at: row.tokenExpiresAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    deliveries: deliveries.map(toDelivery),
  }
}

async function recentDeliveries(endpointId: string) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(WEBHOOKS.recentDeliveries)
}

export async function listWebhooks({ userId }: { userId: string }): Promise<WebhookList> {
  const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).orderBy(desc(webhookEndpoints.createdAt))
  const endpoints = await Promise.all(rows.map(async (row) => toEndpoint(row, await recentDeliveries(row.id))))
  return { endpoints, events: WEBHOOKS.events }
}

async function getEndpointOrThrow(userId: string, endpointId: string) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.userId, userId)))
  if (!row) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound)
  return row
}

/** The API token a request came with, when it did: its endpoints live no longer than the token. */
export type CreatingToken = { id: string; expiresAt: Date | null }

/** Saves an endpoint after its URL passed the address policy; the signing secret is in this answer only. */
export async function createWebhook({
  userId,
  url,
  events,
  createdByToken,
}: {
  userId: string
  url: string
  events: WebhookEventType[]
  createdByToken?: CreatingToken | null
}): Promise<CreatedWebhook> {
  await assertWebhookUrlAllowedOrThrow(url)
  const id = randomUUID()
  const secret = `${WEBHOOKS.secretPrefix}${randomBytes(24).toString('base64')}`
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update')
    const [existing] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId))
    if ((existing?.n ?? 0) >= WEBHOOKS.maxEndpointsPerUser) {
      throw new AppError('CONFLICT', WEBHOOK_MESSAGES.limitReached(WEBHOOKS.maxEndpointsPerUser))
    }
    const [inserted] = await tx
      .insert(webhookEndpoints)
      .values({
        id,
        userId,
        url,
        events: [...new Set(events)],
        encryptedSecret: encryptSecret(secret, secretContext(id)),
        createdByTokenId: createdByToken?.id ?? null,
        tokenExpiresAt: createdByToken?.expiresAt ?? null,
      })
      .returning()
    return inserted!
  })
  return { ...toEndpoint(row, []), secret }
}

/**
 * Turns off the endpoints an API token created, in the transaction that revokes the token, so
 * nothing it set up keeps sending the user's rows after it (decision 019).
 */
export async function disableWebhooksOfToken(tx: Executor, { userId, tokenId }: { userId: string; tokenId: string }) {
  await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledAt: new Date(), disabledReason: 'token_revoked', updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.createdByTokenId, tokenId), eq(webhookEndpoints.enabled, true)))
}

/** A disabled endpoint's 409, saying why it is off. */
function assertEndpointLiveOrThrow(endpoint: EndpointRow) {
  const reason = disabledReasonOf(endpoint)
  if (reason) throw new AppError('CONFLICT', WEBHOOK_MESSAGES.disabledReasons[reason])
}

export async function deleteWebhook({ userId, id }: { userId: string; id: string }): Promise<WebhookList> {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id })
  if (deleted.length === 0) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound)
  return listWebhooks({ userId })
}

/** The body every delivery sends: `{ type, timestamp, data }`. */
const eventBody = (type: string, data: Record<string, unknown>) => ({ type, timestamp: new Date().toISOString(), data })

/** Writes a delivery and queues its first attempt, in the caller's transaction. */
async function queueDelivery(
  tx: QueueTransaction,
  values: { endpointId: string; messageId: string; event: DeliveryRow['event']; payload: Record<string, unknown> },
) {
  const [delivery] = await tx.insert(webhookDeliveries).values(values).returning()
  await enqueueDelivery(tx, delivery!.id)
  return delivery!
}

const newMessageId = () => `msg_${randomUUID().replaceAll('-', '')}`

export async function sendTestEvent({ userId, id }: { userId: string; id: string }): Promise<WebhookDelivery> {
  const endpoint = await getEndpointOrThrow(userId, id)
  assertEndpointLiveOrThrow(endpoint)
  const delivery = await db.transaction((tx) =>
    queueDelivery(tx, {
      endpointId: endpoint.id,
      messageId: newMessageId(),
      event: 'webhook.test',
      payload: eventBody('webhook.test', { message: 'A test event from Rowcraft.' }),
    }),
  )
  return toDelivery(delivery)
}

/** Sends a past delivery's body again under the same `webhook-id`, so a receiver can tell it is the same event. */
export async function resendDelivery({ userId, id, deliveryId }: { userId: string; id: string; deliveryId: string }): Promise<WebhookDelivery> {
  const endpoint = await getEndpointOrThrow(userId, id)
  assertEndpointLiveOrThrow(endpoint)
  const [past] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id)))
  if (!past) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.deliveryNotFound)
  const delivery = await db.transaction((tx) =>
    queueDelivery(tx, { endpointId: endpoint.id, messageId: past.messageId, event: past.event, payload: past.payload }),
  )
  return toDelivery(delivery)
}

/**
 * Records an event in the transaction of the state change it announces (an import's end, a run's
 * end): a delivery for every live endpoint of the user that asked for it, and each delivery's
 * job. They commit with the change or not at all (the outbox, decision 020), so a failure here
 * rolls the change back with them, and a crash after the commit delays the event, never loses it.
 */
export async function recordWebhookEvent(tx: QueueTransaction, { userId, type, data }: { userId: string; type: WebhookEventType; data: Record<string, unknown> }) {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, userId), isLive, arrayContains(webhookEndpoints.events, [type])))
  if (endpoints.length === 0) return
  const messageId = newMessageId()
  const payload = eventBody(type, data)
  for (const endpoint of endpoints) await queueDelivery(tx, { endpointId: endpoint.id, messageId, event: type, payload })
}
