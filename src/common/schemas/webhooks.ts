import { z } from 'zod'
import { WEBHOOKS } from '../constants.ts'
import { WEBHOOK_MESSAGES } from '../messages.ts'

export const webhookEventTypeSchema = z.enum(WEBHOOKS.events)
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>

/** True for an http(s) URL without credentials; whether http is allowed is the server's call. */
function isWebhookUrl(value: string) {
  try {
    const url = new URL(value)
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password
  } catch {
    return false
  }
}

/** API Settings' webhook form: the same rules in the browser and on the server. */
export const createWebhookSchema = z.object({
  url: z.string().trim().max(2000).refine(isWebhookUrl, WEBHOOK_MESSAGES.urlInvalid),
  events: z.array(webhookEventTypeSchema).min(1, WEBHOOK_MESSAGES.eventsRequired).max(WEBHOOKS.events.length),
})
export type CreateWebhookInput = z.input<typeof createWebhookSchema>

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed'

/** Why an endpoint is off: 3 days of failures, or the API token that created it is gone (decision 019). */
export type WebhookDisabledReason = 'failing' | 'token_revoked' | 'token_expired'

export type WebhookDelivery = {
  id: string
  message_id: string
  event: WebhookEventType | 'webhook.test'
  status: WebhookDeliveryStatus
  attempts: number
  response_status: number | null
  error: string | null
  created_at: string
  last_attempt_at: string | null
}

export type WebhookEndpoint = {
  id: string
  url: string
  events: WebhookEventType[]
  enabled: boolean
  disabled_at: string | null
  disabled_reason: WebhookDisabledReason | null
  /** Set when an API token created the endpoint and that token expires: the endpoint stops then. */
  token_expires_at: string | null
  created_at: string
  deliveries: WebhookDelivery[]
}

export type CreatedWebhook = WebhookEndpoint & { secret: string }

export type WebhookList = { endpoints: WebhookEndpoint[]; events: readonly WebhookEventType[] }
