import { Link } from 'react-router'
import { SUBSCRIPTION_PAGE_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card'

/** The local provider's "portal": an honest page saying there is no payment provider to manage. */
export function BillingPortalInfo() {
  return (
    <div className="mx-auto w-full max-w-2xl">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1 className="text-xl">{SUBSCRIPTION_PAGE_MESSAGES.portalNotConfiguredTitle}</h1>
          </CardTitle>
          <CardDescription>{SUBSCRIPTION_PAGE_MESSAGES.portalNotConfiguredBody}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline">
            <Link to="/dashboard/subscription">Back to {SUBSCRIPTION_PAGE_MESSAGES.currentPlan.toLowerCase()}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  )
}
