import { and, eq, ne, sql } from 'drizzle-orm'
import type Stripe from 'stripe'
import { BILLING, PAID_PLAN_TIER } from '#common/constants'
import { gracePeriodEnd } from '#common/billing-rules'
import { db } from '#server/db/client'
import { billingEvents, subscribers } from '#server/db/schema/index'
import { logger } from '#server/platform/logger'
import { ensureSubscriber, type Executor } from './billing-db.ts'
import { grantCredits } from './credits.service.ts'

type Ref = string | { id: string } | null | undefined
const idOf = (ref: Ref) => (typeof ref === 'string' ? ref : (ref?.id ?? null))
const dateOf = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null)

/** The user an event is about: our id in the metadata, else the customer we stored at checkout. */
async function findUserId(tx: Executor, input: { userId?: string | null; customerId: string | null }) {
  if (input.userId) {
    const [row] = await tx.select({ userId: subscribers.userId }).from(subscribers).where(eq(subscribers.userId, input.userId))
    if (row) return row.userId
  }
  if (!input.customerId) return null
  const [row] = await tx
    .select({ userId: subscribers.userId })
    .from(subscribers)
    .where(eq(subscribers.stripeCustomerId, input.customerId))
  return row?.userId ?? null
}

async function applyCheckoutCompleted(tx: Executor, session: Stripe.Checkout.Session) {
  const userId = session.client_reference_id ?? session.metadata?.userId ?? null
  if (!userId) return
  await ensureSubscriber(tx, userId)
  await tx
    .update(subscribers)
    .set({
      stripeCustomerId: idOf(session.customer),
      stripeSubscriptionId: idOf(session.subscription),
      // Subscription checkout collects a card, trial or not; a late event after the subscription
      // ended must not reopen access (the gate lets a valid payment method through).
      paymentMethodValid: sql`${session.status === 'complete'} AND ${subscribers.status} <> 'canceled'`,
      updatedAt: new Date(),
    })
    .where(eq(subscribers.userId, userId))
}

async function applySubscription(tx: Executor, subscription: Stripe.Subscription, eventCreated: Date, isDeleted: boolean) {
  const userId = await findUserId(tx, { userId: subscription.metadata?.userId, customerId: idOf(subscription.customer) })
  if (!userId) return logger.warn({ event: 'billing.webhook.unknown_customer', subscription: subscription.id })
  const [row] = await tx.select().from(subscribers).where(eq(subscribers.userId, userId)).for('update')
  if (!row) return
  // Stripe does not promise order: an older snapshot must not undo a newer one.
  if (row.stripeSyncedAt && row.stripeSyncedAt > eventCreated) return
  const status = isDeleted ? 'canceled' : subscription.status
  const isLive = status === 'trialing' || status === 'active'
  const trialStart = dateOf(subscription.trial_start)
  const trialEnd = dateOf(subscription.trial_end) ?? row.trialEndsAt
  // A trial ends with its subscription: a cancelled or unpaid one must not keep trial access.
  const effectiveTrialEnd = !isLive && trialEnd && trialEnd > eventCreated ? eventCreated : trialEnd
  await tx
    .update(subscribers)
    .set({
      status,
      subscribed: isLive,
      subscriptionTier: status === 'trialing' ? 'trial' : status === 'active' ? PAID_PLAN_TIER : row.subscriptionTier,
      stripeCustomerId: idOf(subscription.customer),
      stripeSubscriptionId: subscription.id,
      trialStartedAt: row.trialStartedAt ?? trialStart,
      trialEndsAt: effectiveTrialEnd,
      paymentMethodValid: isLive ? row.paymentMethodValid || status === 'active' : false,
      gracePeriodEndsAt: status === 'active' || status === 'trialing' || isDeleted ? null : row.gracePeriodEndsAt,
      stripeSyncedAt: eventCreated,
      updatedAt: new Date(),
    })
    .where(eq(subscribers.userId, userId))
  if (status === 'trialing') {
    await grantCredits(
      { userId, operation: 'trial_grant', amount: BILLING.monthlyCredits, idempotencyKey: 'trial_grant', reference: subscription.id },
      tx,
    )
  }
}

function invoiceSubscriptionCustomer(invoice: Stripe.Invoice) {
  return { customerId: idOf(invoice.customer), userId: invoice.parent?.subscription_details?.metadata?.userId ?? null }
}

async function applyInvoicePaid(tx: Executor, invoice: Stripe.Invoice) {
  const userId = await findUserId(tx, invoiceSubscriptionCustomer(invoice))
  if (!userId) return
  await tx
    .update(subscribers)
    .set({ paymentMethodValid: true, gracePeriodEndsAt: null, updatedAt: new Date() })
    // An invoice paid for a subscription that has since ended (a late delivery) grants nothing.
    .where(and(eq(subscribers.userId, userId), ne(subscribers.status, 'canceled')))
}

/** A failed renewal opens the grace period once; Stripe's retries do not extend it. */
async function applyPaymentFailed(tx: Executor, invoice: Stripe.Invoice, eventCreated: Date) {
  const userId = await findUserId(tx, invoiceSubscriptionCustomer(invoice))
  if (!userId) return
  const [row] = await tx.select().from(subscribers).where(eq(subscribers.userId, userId)).for('update')
  if (!row) return
  await tx
    .update(subscribers)
    .set({
      paymentMethodValid: false,
      gracePeriodEndsAt: row.gracePeriodEndsAt ?? gracePeriodEnd(eventCreated),
      updatedAt: new Date(),
    })
    .where(eq(subscribers.userId, userId))
}

/**
 * Applies a verified Stripe event once: its id is stored in the same transaction as its effect,
 * so a replayed delivery changes nothing and a failed one is retried by Stripe from scratch.
 */
export async function handleStripeEvent(event: Stripe.Event): Promise<{ applied: boolean }> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(billingEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id })
    if (!fresh) return { applied: false }
    const created = new Date(event.created * 1000)
    switch (event.type) {
      case 'checkout.session.completed':
        await applyCheckoutCompleted(tx, event.data.object)
        break
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
        await applySubscription(tx, event.data.object, created, false)
        break
      case 'customer.subscription.deleted':
        await applySubscription(tx, event.data.object, created, true)
        break
      case 'invoice.paid':
        await applyInvoicePaid(tx, event.data.object)
        break
      case 'invoice.payment_failed':
        await applyPaymentFailed(tx, event.data.object, created)
        break
      default:
        logger.debug({ event: 'billing.webhook.ignored', type: event.type })
    }
    logger.info({ event: 'billing.webhook.applied', type: event.type, id: event.id })
    return { applied: true }
  })
}
