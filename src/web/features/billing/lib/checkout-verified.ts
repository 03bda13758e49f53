import type { SubscriptionStatus } from '#common/schemas/billing'

/**
 * When the checkout poll may stop and say 'verified': with Stripe, once the webhook has recorded
 * a valid payment method (a trial that was already running proves nothing about the checkout);
 * with the local provider, which starts the trial at once, once the trial runs.
 */
export function isCheckoutVerified(
  provider: 'local' | 'stripe',
  status: Pick<SubscriptionStatus, 'payment_method_valid' | 'is_trial_expired'>,
): boolean {
  if (status.payment_method_valid) return true
  return provider === 'local' && !status.is_trial_expired
}
