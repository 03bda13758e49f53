import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { WebhookDeliveryStatus, WebhookDisabledReason, WebhookEventType } from '#common/schemas/webhooks'
import { apiTokens } from './api-tokens.ts'
import { user } from './auth.ts'
import { createdAt, timestamps } from './columns.ts'

/**
 * A user's webhook endpoints (issue 24). The signing secret is AES-256-GCM ciphertext bound to
 * the endpoint (platform/crypto): it must be read to sign, so it cannot be a hash.
 * `failing_since` is the first failure since the last success: 3 days of it turn the endpoint off.
 * An endpoint an API token created lives no longer than the token (docs/decisions/019): revoking the
 * token turns it off (`disabled_reason` 'token_revoked'), and the token's expiry is copied here, so
 * an expired token's endpoints stop at that moment with no sweep to run.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    encryptedSecret: text('encrypted_secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason').$type<WebhookDisabledReason>(),
    createdByTokenId: uuid('created_by_token_id').references(() => apiTokens.id, { onDelete: 'set null' }),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
)

/** One event sent (or to be sent) to one endpoint; a resend is a new row with the same message id. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The `webhook-id` header: the same for a resend, so a receiver can drop a duplicate. */
    messageId: text('message_id').notNull(),
    event: text('event').$type<WebhookEventType | 'webhook.test'>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    error: text('error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt)],
)
