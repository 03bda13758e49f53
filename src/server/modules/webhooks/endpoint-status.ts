import type { WebhookDisabledReason } from '#common/schemas/webhooks'
import type { webhookEndpoints } from '#server/db/schema/index'

type EndpointRow = typeof webhookEndpoints.$inferSelect

/**
 * Why an endpoint sends nothing, or null when it is on: turned off (3 days of failures, or the API
 * token that created it revoked), or created by a token whose expiry has passed (decision 019).
 */
export function disabledReasonOf(
  row: Pick<EndpointRow, 'enabled' | 'disabledReason' | 'tokenExpiresAt'>,
  now = new Date(),
): WebhookDisabledReason | null {
  if (!row.enabled) return row.disabledReason ?? 'failing'
  if (row.tokenExpiresAt && row.tokenExpiresAt <= now) return 'token_expired'
  return null
}
