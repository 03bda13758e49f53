import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { CreditOperation } from '#common/schemas/billing'
import { user } from './auth.ts'
import { createdAt, timestamps } from './columns.ts'

export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  paymentSetupStarted: boolean('payment_setup_started').notNull().default(false),
  paymentSetupCompleted: boolean('payment_setup_completed').notNull().default(false),
  ...timestamps(),
})

/** One row per user: plan, balance and the dates the gate reads. The ledger explains the balance. */
export const subscribers = pgTable(
  'subscribers',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    subscriptionTier: text('subscription_tier').notNull().default('trial'),
    subscribed: boolean('subscribed').notNull().default(false),
    /** The provider's subscription status (trialing, active, past_due, canceled...) or 'none'. */
    status: text('status').notNull().default('none'),
    currentCredits: integer('current_credits').notNull().default(0),
    paymentMethodValid: boolean('payment_method_valid').notNull().default(false),
    trialStartedAt: timestamp('trial_started_at', { withTimezone: true }),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    gracePeriodEndsAt: timestamp('grace_period_ends_at', { withTimezone: true }),
    creditsResetAt: timestamp('credits_reset_at', { withTimezone: true }),
    preferApiKey: boolean('prefer_api_key').notNull().default(false),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** `created` of the last Stripe event applied, so a late, older event cannot undo a newer one. */
    stripeSyncedAt: timestamp('stripe_synced_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    check('subscribers_credits_not_negative', sql`${t.currentCredits} >= 0`),
    uniqueIndex('subscribers_stripe_customer_idx').on(t.stripeCustomerId),
  ],
)

/**
 * The credits ledger: every grant, debit and refund, applied once per idempotency key. A deleted
 * account's rows stay for accounting with the user id nulled (nothing else in a row names a person).
 */
export const creditTransactions = pgTable(
  'credit_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    operation: text('operation').$type<CreditOperation>().notNull(),
    /** Positive for grants and refunds, negative for debits. */
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reference: text('reference'),
    idempotencyKey: text('idempotency_key').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_transactions_user_key_idx').on(t.userId, t.idempotencyKey),
    index('credit_transactions_user_created_idx').on(t.userId, t.createdAt),
    check('credit_transactions_balance_not_negative', sql`${t.balanceAfter} >= 0`),
  ],
)

/** Stripe events already applied: a replayed delivery finds its id here and changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
})

