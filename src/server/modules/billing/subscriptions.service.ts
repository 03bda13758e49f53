import { and, eq, isNull } from 'drizzle-orm'
import { BILLING, PAID_PLAN_TIER, TRIAL } from '#common/constants'
import { aiFieldsLimit, canUseChat, hasPaidAccess, isTrialExpired } from '#common/billing-rules'
import { CREDIT_MESSAGES } from '#common/messages'
import type { PaymentSetupInput, PaymentSetupState, SubscriptionStatus } from '#common/schemas/billing'
import { db } from '#server/db/client'
import { profiles, subscribers, userApiKeys } from '#server/db/schema/index'
import { env } from '#server/env'
import { AppError } from '#server/platform/app-error'
import { ensureSubscriber, type Executor } from './billing-db.ts'
import { grantCredits, applyMonthlyReset } from './credits.service.ts'
import { accessFactsOf } from './payment-gate.ts'

export type Subscriber = typeof subscribers.$inferSelect

/** A read: the row is created at sign-up (`createSubscriber`), or here for an account from before. */
export async function getSubscriber({ userId }: { userId: string }, executor: Executor = db): Promise<Subscriber> {
  const [row] = await executor.select().from(subscribers).where(eq(subscribers.userId, userId))
  if (row) return row
  await ensureSubscriber(executor, userId)
  const [created] = await executor.select().from(subscribers).where(eq(subscribers.userId, userId))
  if (!created) throw new AppError('INTERNAL', 'Subscriber row missing')
  return created
}

/** Every new user gets their subscriber row at sign-up. */
export async function createSubscriber(userId: string) {
  await ensureSubscriber(db, userId)
}

export function toSubscriptionStatus(row: Subscriber, now = new Date(), hasApiKey = false): SubscriptionStatus {
  const facts = accessFactsOf(row)
  const hasAccess = hasPaidAccess(facts, now)
  const trialExpired = isTrialExpired(facts, now)
  const isInGrace = Boolean(row.gracePeriodEndsAt && row.gracePeriodEndsAt.getTime() > now.getTime())
  return {
    subscribed: row.subscribed,
    subscription_tier: row.subscriptionTier,
    current_credits: row.currentCredits,
    payment_method_valid: row.paymentMethodValid,
    grace_period_ends_at: row.gracePeriodEndsAt?.toISOString() ?? null,
    is_in_grace_period: isInGrace,
    has_api_key: hasApiKey,
    prefer_api_key: row.preferApiKey,
    is_trial_expired: trialExpired,
    trial_ends_at: row.trialEndsAt?.toISOString() ?? null,
    trial_started_at: row.trialStartedAt?.toISOString() ?? null,
    has_access: hasAccess,
    billing_provider: env.billingProvider,
    features: {
      chat_access: canUseChat({ tier: row.subscriptionTier, hasAccess, isTrialExpired: trialExpired }),
      ai_fields_limit: hasAccess ? aiFieldsLimit(row.subscriptionTier) : 0,
      unlimited_storage: hasAccess && row.subscribed && row.subscriptionTier !== 'trial',
    },
  }
}

/** check-subscription (000 §7). */
export async function getSubscriptionStatus({ userId }: { userId: string }) {
  const [row, [key]] = await Promise.all([
    getSubscriber({ userId }),
    db
      .select({ id: userApiKeys.id })
      .from(userApiKeys)
      .where(and(eq(userApiKeys.userId, userId), eq(userApiKeys.isActive, true)))
      .limit(1),
  ])
  return toSubscriptionStatus(row, new Date(), Boolean(key))
}

/** validate_payment_access (000 §7): the gate's answer, recomputed from the stored row. */
export async function validatePaymentAccess({ userId }: { userId: string }) {
  return hasPaidAccess(accessFactsOf(await getSubscriber({ userId })))
}

/**
 * The local provider's trial: 14 days and 2,000 credits at once, no card. A trial is given once;
 * starting again while it runs changes nothing, and after it ended the request is refused.
 */
export async function startLocalTrial({ userId }: { userId: string }, now = new Date()) {
  return db.transaction(async (tx) => {
    await ensureSubscriber(tx, userId)
    const endsAt = new Date(now.getTime() + TRIAL.days * 86_400_000)
    const started = await tx
      .update(subscribers)
      .set({ trialStartedAt: now, trialEndsAt: endsAt, subscriptionTier: 'trial', status: 'trialing', updatedAt: now })
      .where(and(eq(subscribers.userId, userId), isNull(subscribers.trialStartedAt)))
      .returning({ userId: subscribers.userId })
    if (started.length === 0) {
      const row = await getSubscriber({ userId }, tx)
      if (hasPaidAccess(accessFactsOf(row), now)) return 'has_access' as const
      return 'trial_used' as const
    }
    await grantCredits(
      { userId, operation: 'trial_grant', amount: BILLING.monthlyCredits, idempotencyKey: 'trial_grant', reference: 'local' },
      tx,
    )
    return 'trial_started' as const
  })
}

/**
 * Without a billing provider there is no one to pay: after the trial, 'Subscribe Now' turns on
 * the Pro plan at once, with its 2,000 credits a month, rather than locking a self-hosted user
 * out of their own server.
 */
export async function startLocalPlan({ userId }: { userId: string }, now = new Date()) {
  // The plan and its first month's credits together, or neither.
  await db.transaction(async (tx) => {
    await tx
      .update(subscribers)
      .set({ subscribed: true, subscriptionTier: PAID_PLAN_TIER, status: 'active', updatedAt: now })
      .where(eq(subscribers.userId, userId))
    await applyMonthlyReset(tx, userId, now)
  })
}

export async function getPaymentSetup({ userId }: { userId: string }): Promise<PaymentSetupState> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId))
  return {
    payment_setup_started: row?.paymentSetupStarted ?? false,
    payment_setup_completed: row?.paymentSetupCompleted ?? false,
  }
}

/** The payment-setup page's profile flags (000 §4): completion clears 'started'. */
export async function updatePaymentSetup({ userId, stage }: { userId: string } & PaymentSetupInput) {
  const values =
    stage === 'started'
      ? { paymentSetupStarted: true }
      : { paymentSetupStarted: false, paymentSetupCompleted: true }
  await db
    .insert(profiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...values, updatedAt: new Date() } })
  return getPaymentSetup({ userId })
}

/** Chat's tier rule (001 §5), for the chat module: refused with the spec's 'Feature Restricted'. */
export async function assertChatAccessOrThrow({ userId }: { userId: string }) {
  const status = await getSubscriptionStatus({ userId })
  if (!status.features.chat_access) {
    throw new AppError('FORBIDDEN', CREDIT_MESSAGES.chatRestricted, { title: CREDIT_MESSAGES.featureRestrictedTitle })
  }
}

/** The AI field cap per tier (001 §9), for the AI-columns module: checked before a field is added. */
export async function assertAiFieldCapacityOrThrow({ userId, existingFields }: { userId: string; existingFields: number }) {
  const status = await getSubscriptionStatus({ userId })
  const limit = status.features.ai_fields_limit
  if (existingFields >= limit) {
    throw new AppError('FORBIDDEN', CREDIT_MESSAGES.aiFieldLimit(limit), { title: CREDIT_MESSAGES.aiFieldLimitTitle, limit })
  }
}
