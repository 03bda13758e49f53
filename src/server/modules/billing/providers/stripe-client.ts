import Stripe from 'stripe'
import { env } from '#server/env'

let client: { key: string; base: string | undefined; stripe: Stripe } | undefined

/**
 * The Stripe SDK for the configured key. STRIPE_API_BASE points it at another host (stripe-mock,
 * or the tests' Stripe-shaped server); production leaves it unset.
 */
export function stripeClient(): Stripe {
  const key = env.STRIPE_SECRET_KEY
  if (!key) throw new Error('Stripe is not configured')
  if (client && client.key === key && client.base === env.STRIPE_API_BASE) return client.stripe
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined
  const stripe = new Stripe(key, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Rowcraft' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  })
  client = { key, base: env.STRIPE_API_BASE, stripe }
  return stripe
}
