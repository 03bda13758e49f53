import { eq } from 'drizzle-orm'
import { TRIAL } from '#common/constants'
import { db } from '#server/db/client'
import { subscribers } from '#server/db/schema/index'
import { env } from '#server/env'
import { AppError } from '#server/platform/app-error'
import { logger } from '#server/platform/logger'
import { getSubscriber } from '../subscriptions.service.ts'
import type { BillingCustomer, BillingProvider } from './billing-provider.ts'
import { stripeClient } from './stripe-client.ts'

/** Stripe errors carry details for us, not for the user: log them, answer in plain words. */
async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    logger.error({ event: 'billing.stripe.error', what, err: error })
    throw new AppError('SERVICE_UNAVAILABLE', 'The payment provider could not be reached. Please try again.')
  }
}

/** The user's Stripe customer, created once (Stripe's idempotency key covers a double click). */
async function ensureCustomerId(customer: BillingCustomer): Promise<string> {
  const row = await getSubscriber({ userId: customer.userId })
  if (row.stripeCustomerId) return row.stripeCustomerId
  const created = await callStripe('customers.create', () =>
    stripeClient().customers.create(
      { email: customer.email, name: customer.name, metadata: { userId: customer.userId } },
      { idempotencyKey: `rowcraft-customer-${customer.userId}` },
    ),
  )
  await db
    .update(subscribers)
    .set({ stripeCustomerId: created.id, updatedAt: new Date() })
    .where(eq(subscribers.userId, customer.userId))
  return created.id
}

async function portalUrl(customerId: string) {
  const session = await callStripe('billingPortal.sessions.create', () =>
    stripeClient().billingPortal.sessions.create({ customer: customerId, return_url: `${env.PUBLIC_URL}/dashboard/subscription` }),
  )
  return session.url
}

/** Stripe subscription statuses after which only a new checkout brings access back. */
const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired', 'none'])

export const stripeBillingProvider: BillingProvider = {
  name: 'stripe',
  async createCheckout(customer) {
    const row = await getSubscriber({ userId: customer.userId })
    const customerId = await ensureCustomerId(customer)
    // A subscription that still exists (live, or past due and being retried) is managed in the
    // portal, where the card can be updated; a second checkout would bill twice.
    if (row.stripeSubscriptionId && !ENDED_STATUSES.has(row.status)) return { provider: 'stripe', url: await portalUrl(customerId) }
    const session = await callStripe('checkout.sessions.create', () =>
      stripeClient().checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: customer.userId,
        line_items: [{ price: env.STRIPE_PRICE_ID!, quantity: 1 }],
        // One free trial per user: a returning customer subscribes without another.
        subscription_data: {
          metadata: { userId: customer.userId },
          ...(row.trialStartedAt ? {} : { trial_period_days: TRIAL.days }),
        },
        metadata: { userId: customer.userId },
        success_url: `${env.PUBLIC_URL}/dashboard/subscription?checkout=success`,
        cancel_url: `${env.PUBLIC_URL}/payment-setup?checkout=cancelled`,
      }),
    )
    if (!session.url) throw new AppError('SERVICE_UNAVAILABLE', 'The payment provider returned no checkout page.')
    return { provider: 'stripe', url: session.url }
  },
  async createPortal(customer) {
    return { provider: 'stripe', url: await portalUrl(await ensureCustomerId(customer)) }
  },
  async listInvoices({ userId }) {
    const row = await getSubscriber({ userId })
    if (!row.stripeCustomerId) return { configured: true, invoices: [] }
    const list = await callStripe('invoices.list', () =>
      stripeClient().invoices.list({ customer: row.stripeCustomerId!, limit: 24 }),
    )
    return {
      configured: true,
      invoices: list.data.map((invoice) => ({
        id: invoice.id ?? '',
        number: invoice.number ?? null,
        status: invoice.status ?? null,
        amount_due: invoice.amount_due,
        amount_paid: invoice.amount_paid,
        currency: invoice.currency,
        created_at: new Date(invoice.created * 1000).toISOString(),
        hosted_invoice_url: invoice.hosted_invoice_url ?? null,
        invoice_pdf: invoice.invoice_pdf ?? null,
      })),
    }
  },
  async cancelSubscription({ userId }) {
    const row = await getSubscriber({ userId })
    if (!row.stripeSubscriptionId || ENDED_STATUSES.has(row.status)) return
    const subscriptionId = row.stripeSubscriptionId
    // At once, not at the period's end: the account and its access are gone now.
    await callStripe('subscriptions.cancel', () =>
      stripeClient().subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `rowcraft-cancel-${subscriptionId}` }),
    )
  },
}
