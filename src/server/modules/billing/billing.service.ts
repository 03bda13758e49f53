import { env } from '#server/env'
import type { SessionUser } from '#server/platform/hono-env'
import type { BillingCustomer, BillingProvider } from './providers/billing-provider.ts'
import { localBillingProvider } from './providers/local-provider.ts'
import { stripeBillingProvider } from './providers/stripe-provider.ts'

export function billingProvider(): BillingProvider {
  return env.billingProvider === 'stripe' ? stripeBillingProvider : localBillingProvider
}

function customerOf(user: SessionUser): BillingCustomer {
  return { userId: user.id, email: user.email, name: user.name }
}

/** create-checkout (000 §7): Stripe Checkout's url, or the local trial started at once. */
export async function createCheckout({ user }: { user: SessionUser }) {
  return billingProvider().createCheckout(customerOf(user))
}

/** customer-portal (000 §7). */
export async function createPortal({ user }: { user: SessionUser }) {
  return billingProvider().createPortal(customerOf(user))
}

export async function listInvoices({ user }: { user: SessionUser }) {
  return billingProvider().listInvoices(customerOf(user))
}

/** Before an account is deleted: a live subscription is cancelled, or the deletion stops here. */
export async function cancelSubscriptionOfDeletedAccount({ userId }: { userId: string }) {
  return billingProvider().cancelSubscription({ userId })
}
