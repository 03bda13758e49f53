import { useQueryClient } from '@tanstack/react-query'
import { RefreshCwIcon } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { AUTH_MESSAGES, PAGE_TITLES, SUBSCRIPTION_PAGE_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import { Skeleton } from '#web/components/ui/skeleton'
import { cn } from '#web/lib/cn'
import { billingKeys } from '#web/lib/billing-query-keys'
import { getSubscription, useSubscription } from '../api/get-subscription'
import { BillingHistory } from './billing-history'
import { CreditUsageCard } from './credit-usage-card'
import { PlanCard } from './plan-card'
import { UsageChart } from './usage-chart'
import { UsageHistory } from './usage-history'
import { UsageTips } from './usage-tips'

/** Subscription & Billing (001 §2, §4). */
export function SubscriptionPage() {
  const queryClient = useQueryClient()
  // Credits move while the user works elsewhere: opening the page shows today's numbers. Marked
  // stale before the page's queries mount, so each is fetched once by its own mount (invalidating
  // after mounting fetched every one of them twice).
  useState(() => void queryClient.invalidateQueries({ queryKey: billingKeys.all, refetchType: 'none' }))
  const { data: status } = useSubscription()
  const [isRefreshing, setIsRefreshing] = useState(false)

  async function refresh() {
    setIsRefreshing(true)
    try {
      // The status is fetched directly: the page's query hides failures behind the fallback state.
      queryClient.setQueryData(billingKeys.subscription(), await getSubscription())
      await queryClient.invalidateQueries({ queryKey: billingKeys.all, refetchType: 'active' })
      toast.success(SUBSCRIPTION_PAGE_MESSAGES.refreshed, { description: SUBSCRIPTION_PAGE_MESSAGES.refreshedBody })
    } catch {
      toast.error(AUTH_MESSAGES.errorTitle, { description: SUBSCRIPTION_PAGE_MESSAGES.refreshFailed })
    } finally {
      setIsRefreshing(false)
    }
  }

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">{PAGE_TITLES.subscription}</h1>
          <p className="text-muted-foreground">Your plan, credits and invoices.</p>
        </div>
        <Button variant="outline" onClick={() => void refresh()} disabled={isRefreshing}>
          <RefreshCwIcon className={cn(isRefreshing && 'animate-spin')} aria-hidden="true" />
          {SUBSCRIPTION_PAGE_MESSAGES.refresh}
        </Button>
      </div>
      {status ? (
        <div className="grid gap-6 md:grid-cols-2">
          <PlanCard status={status} />
          <CreditUsageCard currentCredits={status.current_credits} />
        </div>
      ) : (
        <div className="grid gap-6 md:grid-cols-2">
          <Skeleton className="h-56" />
          <Skeleton className="h-56" />
        </div>
      )}
      <UsageChart />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <UsageHistory />
        <div className="grid content-start gap-6">
          <BillingHistory />
          <UsageTips />
        </div>
      </div>
    </div>
  )
}
