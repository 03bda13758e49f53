import { CalendarIcon, CrownIcon } from 'lucide-react'
import { PLAN, TIER_COLORS } from '#common/constants'
import { SUBSCRIPTION_PAGE_MESSAGES } from '#common/messages'
import type { SubscriptionStatus } from '#common/schemas/billing'
import { Badge } from '#web/components/ui/badge'
import { Button } from '#web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card'
import { cn } from '#web/lib/cn'
import { useOpenBillingPortal } from '../api/open-billing-portal'

const tierClasses: Record<(typeof TIER_COLORS)[keyof typeof TIER_COLORS] | 'neutral', string> = {
  blue: 'border-blue-200 bg-blue-100 text-blue-800 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-200',
  green: 'border-green-200 bg-green-100 text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200',
  purple: 'border-purple-200 bg-purple-100 text-purple-800 dark:border-purple-800 dark:bg-purple-950 dark:text-purple-200',
  orange: 'border-orange-200 bg-orange-100 text-orange-800 dark:border-orange-800 dark:bg-orange-950 dark:text-orange-200',
  neutral: 'border-border bg-muted text-foreground',
}

/** Tier colours (001 §9): trial blue, basic green, premium purple, enterprise orange, others neutral. */
export function tierColor(tier: string) {
  return tier in TIER_COLORS ? TIER_COLORS[tier as keyof typeof TIER_COLORS] : 'neutral'
}

function tierLabel(tier: string) {
  if (!tier) return SUBSCRIPTION_PAGE_MESSAGES.free
  return tier.charAt(0).toUpperCase() + tier.slice(1)
}

function formatDate(iso: string | null) {
  return iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }) : null
}

export function planSummary(status: SubscriptionStatus) {
  const trialEnds = formatDate(status.trial_ends_at)
  if (status.is_in_grace_period) return 'Your last payment failed. Update your payment method to keep access.'
  if (status.subscribed && status.subscription_tier !== 'trial') return `${PLAN.name}, $${PLAN.priceUsd} per month. Cancel anytime.`
  if (!status.is_trial_expired && trialEnds) return `Free trial, ends ${trialEnds}.`
  if (status.trial_started_at) return 'Your free trial has ended.'
  return 'No plan yet. Start your 14-day free trial.'
}

export function PlanCard({ status }: { status: SubscriptionStatus }) {
  const portal = useOpenBillingPortal()
  const tier = status.subscription_tier
  const trialEnds = formatDate(status.trial_ends_at)

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CrownIcon className="size-5 text-primary" aria-hidden="true" />
          {SUBSCRIPTION_PAGE_MESSAGES.currentPlan}
        </CardTitle>
        <CardDescription>{planSummary(status)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="outline" className={cn('text-sm', tierClasses[tierColor(tier)])} data-testid="tier-badge" data-tier-color={tierColor(tier)}>
            {tierLabel(tier)}
          </Badge>
          {status.subscribed && <Badge variant="secondary">Active</Badge>}
        </div>
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Plan</dt>
            <dd className="font-medium">
              {PLAN.name} · ${PLAN.priceUsd}/month <span className="text-muted-foreground line-through">${PLAN.originalPriceUsd}</span>
            </dd>
          </div>
          {trialEnds && (
            <div>
              <dt className="text-muted-foreground">{status.is_trial_expired ? 'Trial ended' : 'Trial ends'}</dt>
              <dd className="flex items-center gap-1 font-medium">
                <CalendarIcon className="size-4" aria-hidden="true" />
                {trialEnds}
              </dd>
            </div>
          )}
        </dl>
        <Button variant="outline" className="w-full sm:w-fit" onClick={() => portal.mutate()} disabled={portal.isPending}>
          {SUBSCRIPTION_PAGE_MESSAGES.manageBilling}
        </Button>
      </CardContent>
    </Card>
  )
}
