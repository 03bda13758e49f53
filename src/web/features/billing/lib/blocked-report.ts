import type { SubscriptionStatus } from '#common/schemas/billing'

/**
 * Whether the payment gate stopping this user is worth a security event: someone who had access
 * (a trial that ran out, a plan that lapsed). A new user who has not started the trial yet meets
 * the same modal as the next step of signing up, which is no block.
 */
export function isBlockWorthReporting(status: Pick<SubscriptionStatus, 'trial_started_at' | 'subscription_tier'>): boolean {
  return status.trial_started_at !== null || status.subscription_tier !== 'trial'
}
