import type { CheckoutResult, InvoiceList, PortalResult } from '#common/schemas/billing'

export type BillingCustomer = { userId: string; email: string; name: string }

/** What the routes need from a payment provider; Stripe and the local provider implement it. */
export type BillingProvider = {
  name: 'local' | 'stripe'
  createCheckout: (customer: BillingCustomer) => Promise<CheckoutResult>
  createPortal: (customer: BillingCustomer) => Promise<PortalResult>
  listInvoices: (customer: BillingCustomer) => Promise<InvoiceList>
  /** Before an account is deleted: stops a live subscription so nothing is billed afterwards. */
  cancelSubscription: (input: { userId: string }) => Promise<void>
}
