import { SubscriptionPage } from '#web/features/billing/components/subscription-page'

export function SubscriptionRoute() {
  return <SubscriptionPage />
}
