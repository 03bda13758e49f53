import { Link } from 'react-router'
import { SUBSCRIPTION_PAGE_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card'
import { Skeleton } from '#web/components/ui/skeleton'
import { useSubscription } from '../api/get-subscription'
import { formatCredits } from '../lib/credit-display'
import { planSummary } from './plan-card'

/**
 * 'Manage billing' where no card is taken (local billing): what the user's plan is, that there is
 * nothing to pay or cancel, and where to ask. How to turn on Stripe is for the operator (README).
 */
export function BillingPortalInfo() {
  const subscription = useSubscription()
  const status = subscription.data

  return (
    <div className="mx-auto w-full max-w-2xl">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1 className="text-xl">{SUBSCRIPTION_PAGE_MESSAGES.manageBilling}</h1>
          </CardTitle>
          <CardDescription>{SUBSCRIPTION_PAGE_MESSAGES.portalNoCardBody}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {status ? (
            <dl className="grid gap-2 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-6">
              <dt className="text-muted-foreground">{SUBSCRIPTION_PAGE_MESSAGES.portalPlan}</dt>
              <dd>{planSummary(status)}</dd>
              <dt className="text-muted-foreground">{SUBSCRIPTION_PAGE_MESSAGES.portalCredits}</dt>
              <dd className="tabular-nums">{formatCredits(status.current_credits)}</dd>
            </dl>
          ) : (
            <Skeleton className="h-12 w-full" />
          )}
          <p className="text-sm text-muted-foreground">{SUBSCRIPTION_PAGE_MESSAGES.portalHelp}</p>
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to="/dashboard/subscription">{SUBSCRIPTION_PAGE_MESSAGES.portalBack}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/contact">{SUBSCRIPTION_PAGE_MESSAGES.portalContact}</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  )
}
