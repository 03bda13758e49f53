import { CREDIT_BADGE, TRIAL } from '#common/constants'

/** The credit usage card's numbers (001 §9): total shown as 2,000; used = 2,000 - current. */
export function creditUsage(currentCredits: number) {
  const used = TRIAL.credits - currentCredits
  const percent = Math.min(100, Math.max(0, (used / TRIAL.credits) * 100))
  return { total: TRIAL.credits, used, percent }
}

/** Destructive at 10 credits or fewer, secondary at 50 or fewer (001 §9). */
export function creditBadgeVariant(credits: number): 'destructive' | 'secondary' | 'outline' {
  if (credits <= CREDIT_BADGE.destructiveAtOrBelow) return 'destructive'
  if (credits <= CREDIT_BADGE.secondaryAtOrBelow) return 'secondary'
  return 'outline'
}

export function formatCredits(n: number) {
  return n.toLocaleString('en-US')
}
