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

export const webhookDeliveryStatusSchema = z.enum(['pending', 'succeeded', 'failed'])
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>

/** Why an endpoint is off: 3 days of failures, or the API token that created it is gone (decision 019). */
export const webhookDisabledReasonSchema = z.enum(['failing', 'token_revoked', 'token_expired'])
export type WebhookDisabledReason = z.infer<typeof webhookDisabledReasonSchema>

export const webhookDeliverySchema = z.object({
  id: z.string(),
  message_id: z.string(),
  event: z.union([webhookEventTypeSchema, z.literal('webhook.test')]),
  status: webhookDeliveryStatusSchema,
  attempts: z.number().int(),
  response_status: z.number().int().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
})
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  disabled_at: z.string().nullable(),
  disabled_reason: webhookDisabledReasonSchema.nullable(),
  /** Set when an API token created the endpoint and that token expires: the endpoint stops then. */
  token_expires_at: z.string().nullable(),
  created_at: z.string(),
  deliveries: z.array(webhookDeliverySchema),
})
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>

export const createdWebhookSchema = webhookEndpointSchema.extend({ secret: z.string() })
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>

export const webhookListSchema = z.object({ endpoints: z.array(webhookEndpointSchema), events: z.array(webhookEventTypeSchema).readonly() })
export type WebhookList = z.infer<typeof webhookListSchema>
