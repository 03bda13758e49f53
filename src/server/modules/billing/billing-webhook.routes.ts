import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type Stripe from 'stripe'
import { env } from '#server/env'
import { AppError } from '#server/platform/app-error'
import type { AppEnv } from '#server/platform/hono-env'
import { logger } from '#server/platform/logger'
import { stripeClient } from './providers/stripe-client.ts'
import { handleStripeEvent } from './stripe-webhook.service.ts'

/** Stripe's signed webhook: no session, no origin; the signature is the only credential. */
export const billingWebhookRoutes = new Hono<AppEnv>().post(
  '/stripe',
  bodyLimit({
    maxSize: 1024 * 1024,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', 'Webhook payload too large')
    },
  }),
  async (c) => {
    if (env.billingProvider !== 'stripe' || !env.STRIPE_WEBHOOK_SECRET) {
      throw new AppError('NOT_FOUND', 'Stripe billing is not configured on this server.')
    }
    const signature = c.req.header('stripe-signature')
    if (!signature) throw new AppError('BAD_REQUEST', 'Missing Stripe-Signature header')
    // The signature covers the exact bytes, so the body is read as text, never re-serialised.
    const payload = await c.req.text()
    let event: Stripe.Event
    try {
      event = stripeClient().webhooks.constructEvent(payload, signature, env.STRIPE_WEBHOOK_SECRET)
    } catch (error) {
      logger.warn({ event: 'billing.webhook.bad_signature', err: error })
      throw new AppError('BAD_REQUEST', 'Webhook signature verification failed')
    }
    const { applied } = await handleStripeEvent(event)
    return c.json({ received: true, duplicate: !applied })
  },
)
