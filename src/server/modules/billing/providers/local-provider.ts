import { env } from '#server/env'
import { startLocalPlan, startLocalTrial } from '../subscriptions.service.ts'
import type { BillingProvider } from './billing-provider.ts'

/**
 * Without Stripe keys: the trial starts at once with no card, and after it the plan does too
 * (`startLocalPlan`); there is nothing to invoice.
 */
export const localBillingProvider: BillingProvider = {
  name: 'local',
  async createCheckout({ userId }) {
    if ((await startLocalTrial({ userId })) === 'trial_used') await startLocalPlan({ userId })
    return { provider: 'local', url: null }
  },
  async createPortal() {
    return { provider: 'local', url: `${env.PUBLIC_URL}/dashboard/subscription/portal` }
  },
  async listInvoices() {
    return { configured: false, invoices: [] }
  },
  async cancelSubscription() {
    // Nothing is billed locally: the subscriber row goes with the account.
  },
}
