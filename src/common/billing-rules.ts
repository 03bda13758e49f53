import { AI_FIELDS_LIMIT_BY_TIER, BILLING } from './constants.ts'

/** What the gate reads from a subscriber; dates may be Date (server) or ISO text (web). */
export type AccessFacts = {
  subscribed: boolean
  paymentMethodValid: boolean
  trialEndsAt: Date | string | null
  gracePeriodEndsAt: Date | string | null
}

function isFuture(value: Date | string | null, now: Date) {
  if (!value) return false
  const time = new Date(value).getTime()
  return Number.isFinite(time) && time > now.getTime()
}

/**
 * The access gate (000 §4): a valid payment method, an active subscription, a trial ending in the
 * future, or a grace period ending in the future. One function for the server and the web.
 */
export function hasPaidAccess(facts: AccessFacts, now = new Date()): boolean {
  return (
    facts.paymentMethodValid ||
    facts.subscribed ||
    isFuture(facts.trialEndsAt, now) ||
    isFuture(facts.gracePeriodEndsAt, now)
  )
}

export function isTrialExpired(facts: Pick<AccessFacts, 'subscribed' | 'trialEndsAt'>, now = new Date()) {
  return !facts.subscribed && !isFuture(facts.trialEndsAt, now)
}

export function aiFieldsLimit(tier: string): number {
  if (tier === 'trial') return AI_FIELDS_LIMIT_BY_TIER.trial
  if (tier === 'basic') return AI_FIELDS_LIMIT_BY_TIER.basic
  return AI_FIELDS_LIMIT_BY_TIER.default
}

/** Chat needs access, and a basic-tier user whose trial has ended is refused (001 §5). */
export function canUseChat(input: { tier: string; hasAccess: boolean; isTrialExpired: boolean }) {
  return input.hasAccess && !(input.tier === 'basic' && input.isTrialExpired)
}

/** Hours left in the grace period, rounded up (000 §4); 0 when over. */
export function graceHoursRemaining(gracePeriodEndsAt: string | Date | null, now = new Date()): number {
  if (!gracePeriodEndsAt) return 0
  const ms = new Date(gracePeriodEndsAt).getTime() - now.getTime()
  return ms > 0 ? Math.ceil(ms / 3_600_000) : 0
}

export function gracePeriodEnd(from = new Date()): Date {
  return new Date(from.getTime() + BILLING.gracePeriodHours * 3_600_000)
}
