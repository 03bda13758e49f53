import { env } from '#server/env'
import { startLocalTrial } from '../subscriptions.service.ts'
import type { BillingProvider } from './billing-provider.ts'

/** Without Stripe keys: the trial starts at once with no card; there is nothing to invoice. */
export const localBillingProvider: BillingProvider = {
  name: 'local',
  async createCheckout({ userId }) {
    await startLocalTrial({ userId })
    return { provider: 'local', url: null }
  },
  async createPortal() {
    return { provider: 'local', url: `${env.PUBLIC_URL}/dashboard/subscription/portal` }
  },
  async listInvoices() {
    return { configured: false, invoices: [] }
  },
}
