import { BillingPortalInfo } from '#web/features/billing/components/billing-portal-info'

export function BillingPortalRoute() {
  return <BillingPortalInfo />
}
