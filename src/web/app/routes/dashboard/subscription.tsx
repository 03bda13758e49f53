import { PAGE_TITLES } from '#common/messages'
import { PagePlaceholder } from '#web/components/page-placeholder'

export function SubscriptionRoute() {
  return (
    <PagePlaceholder
      title={PAGE_TITLES.subscription}
      description="Your plan, credits and billing arrive with the billing feature."
    />
  )
}
