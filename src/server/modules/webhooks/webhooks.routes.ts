import { Hono } from 'hono'
import { WEBHOOK_MESSAGES } from '#common/messages'
import { createWebhookSchema } from '#common/schemas/webhooks'
import type { AppEnv } from '#server/platform/hono-env'
import { requireUser } from '#server/platform/require-user'
import { validate, validateIds } from '#server/platform/validate'
import { createWebhook, deleteWebhook, listWebhooks, resendDelivery, sendTestEvent } from './webhooks.service.ts'
import { createdWebhookSchema, webhookDeliverySchema, webhookListSchema } from '#common/schemas/webhooks'
import { documented } from '#server/platform/openapi'

const endpointParams = validateIds({ id: WEBHOOK_MESSAGES.notFound })
const deliveryParams = validateIds({ id: WEBHOOK_MESSAGES.notFound, deliveryId: WEBHOOK_MESSAGES.deliveryNotFound })

/** API Settings' 'Webhooks': endpoints, their recent deliveries, a test event and a resend. */
export const webhooksRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/', documented({ response: webhookListSchema }), async (c) => c.json(await listWebhooks({ userId: c.var.user.id })))
  .post('/', documented({ response: createdWebhookSchema, status: 201 }), validate('json', createWebhookSchema), async (c) =>
    c.json(await createWebhook({ userId: c.var.user.id, ...c.req.valid('json'), createdByToken: c.get('apiToken') ?? null }), 201),
  )
  .delete('/:id', endpointParams, documented({ response: webhookListSchema }), async (c) => c.json(await deleteWebhook({ userId: c.var.user.id, id: c.req.valid('param').id })))
  .post('/:id/test', endpointParams, documented({ response: webhookDeliverySchema, status: 202 }), async (c) => c.json(await sendTestEvent({ userId: c.var.user.id, id: c.req.valid('param').id }), 202))
  .post('/:id/deliveries/:deliveryId/resend', deliveryParams, documented({ response: webhookDeliverySchema, status: 202 }), async (c) =>
    c.json(await resendDelivery({ userId: c.var.user.id, ...c.req.valid('param') }), 202),
  )
