import { z } from 'zod'
import { listQuerySchema, type ListPage } from './list.ts'

/** Subscription status as the check-subscription call returns it (000 §3). */
export type SubscriptionStatus = {
  subscribed: boolean
  subscription_tier: string
  current_credits: number
  payment_method_valid: boolean
  grace_period_ends_at: string | null
  is_in_grace_period: boolean
  has_api_key: boolean
  prefer_api_key: boolean
  is_trial_expired: boolean
  trial_ends_at: string | null
  /** Set once a trial was ever started: tells 'never started' from 'expired' (banner). */
  trial_started_at: string | null
  has_access: boolean
  billing_provider: 'local' | 'stripe'
  features: { chat_access: boolean; ai_fields_limit: number; unlimited_storage: boolean }
}

/** The spec's fallback when the status check fails (000 §8): everything off. */
export const RESTRICTED_STATUS: SubscriptionStatus = {
  subscribed: false,
  subscription_tier: 'trial',
  current_credits: 0,
  payment_method_valid: false,
  grace_period_ends_at: null,
  is_in_grace_period: false,
  has_api_key: false,
  prefer_api_key: false,
  is_trial_expired: true,
  trial_ends_at: null,
  trial_started_at: null,
  has_access: false,
  billing_provider: 'local',
  features: { chat_access: false, ai_fields_limit: 0, unlimited_storage: false },
}

/** Operations that spend credits; the names of the spec's consume-credits call (001 §7). */
export const debitOperationSchema = z.enum(['ai_enrichment_basic', 'ai_enrichment_advanced', 'chat_query', 'prompt_test', 'formula_suggest', 'http_source_call'])
export type DebitOperation = z.infer<typeof debitOperationSchema>

export const creditOperationSchema = z.enum([
  ...debitOperationSchema.options,
  'trial_grant',
  'monthly_reset',
  'refund',
])
export type CreditOperation = z.infer<typeof creditOperationSchema>

export const consumeCreditsSchema = z.object({
  operation_type: debitOperationSchema,
  credits_needed: z.number().int().min(1).max(10_000),
  /** A retried request with the same key is charged once. */
  idempotency_key: z.string().trim().min(8).max(200),
  metadata: z.record(z.string(), z.unknown()).optional(),
})
export type ConsumeCreditsInput = z.infer<typeof consumeCreditsSchema>

export type ConsumeCreditsResult = { success: boolean; remaining_credits: number; error: string | null }

export const checkoutResultSchema = z.object({
  provider: z.enum(['local', 'stripe']),
  /** Stripe Checkout's page, opened in a new tab; null when the local provider started the trial. */
  url: z.string().nullable(),
})
export type CheckoutResult = z.infer<typeof checkoutResultSchema>

export type PortalResult = { provider: 'local' | 'stripe'; url: string }

export const paymentSetupSchema = z.object({ stage: z.enum(['started', 'completed']) })
export type PaymentSetupInput = z.infer<typeof paymentSetupSchema>

export type PaymentSetupState = { payment_setup_started: boolean; payment_setup_completed: boolean }

export type CreditTransaction = {
  id: string
  operation: CreditOperation
  amount: number
  balance_after: number
  reference: string | null
  /** Cells charged in this entry: an AI run is one entry (see listCreditTransactions); 1 for any other entry. */
  cells: number
  /** Cells (or the prompt test) given back in this entry; `amount` is net of them. */
  refunded_cells: number
  created_at: string
}

export const transactionsQuerySchema = listQuerySchema({ defaultPerPage: 20 })

export type CreditTransactionsPage = ListPage<CreditTransaction>

export type DailyCreditUsage = { date: string; credits: number }
export type CreditUsage = { days: DailyCreditUsage[]; total: number }

export type Invoice = {
  id: string
  number: string | null
  status: string | null
  amount_due: number
  amount_paid: number
  currency: string
  created_at: string
  hosted_invoice_url: string | null
  invoice_pdf: string | null
}
export type InvoiceList = { configured: boolean; invoices: Invoice[] }

export const clientSecurityEventSchema = z.object({
  event_type: z.enum(['payment_gate_blocked', 'payment_bypass_attempt']),
  details: z.record(z.string(), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])).optional(),
})
export type ClientSecurityEventInput = z.infer<typeof clientSecurityEventSchema>

export const securityEventRecordedSchema = z.object({ recorded: z.literal(true) })
