import { AlertTriangleIcon, ClockIcon } from 'lucide-react'
import { graceHoursRemaining } from '#common/billing-rules'
import { PAYMENT_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import { cn } from '#web/lib/cn'
import { useOpenBillingPortal } from '../api/open-billing-portal'
import { useSubscription } from '../api/get-subscription'

type BannerProps = { title: string; body: string; action: string; onAction: () => void; isBusy?: boolean; tone: 'danger' | 'warning' }

function Banner({ title, body, action, onAction, isBusy, tone }: BannerProps) {
  const Icon = tone === 'danger' ? AlertTriangleIcon : ClockIcon
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col gap-3 rounded-lg border p-3 text-sm sm:flex-row sm:items-center',
        tone === 'danger'
          ? 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100'
          : 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
      )}
    >
      <Icon className="hidden size-5 shrink-0 sm:block" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        <span className="font-semibold">{title}</span> - {body}
      </p>
      <Button size="sm" variant={tone === 'danger' ? 'destructive' : 'default'} onClick={onAction} disabled={isBusy}>
        {action}
      </Button>
    </div>
  )
}

export function PaymentFailedBanner({ gracePeriodEndsAt }: { gracePeriodEndsAt: string }) {
  const portal = useOpenBillingPortal()
  return (
    <Banner
      tone="danger"
      title={PAYMENT_MESSAGES.paymentFailedTitle}
      body={PAYMENT_MESSAGES.paymentFailedBody(graceHoursRemaining(gracePeriodEndsAt))}
      action={PAYMENT_MESSAGES.updatePayment}
      onAction={() => portal.mutate()}
      isBusy={portal.isPending}
    />
  )
}

export function TrialExpiredBanner({ onSubscribe, isBusy }: { onSubscribe: () => void; isBusy?: boolean }) {
  return (
    <Banner
      tone="warning"
      title={PAYMENT_MESSAGES.trialExpiredTitle}
      body={PAYMENT_MESSAGES.trialExpiredBody}
      action={PAYMENT_MESSAGES.subscribeNow}
      onAction={onSubscribe}
      isBusy={isBusy}
    />
  )
}

/** The shell's banner: 'Payment Failed' while a grace period runs (000 §4). */
export function PaymentBanners() {
  const { data } = useSubscription()
  if (!data?.is_in_grace_period || !data.grace_period_ends_at) return null
  return <PaymentFailedBanner gracePeriodEndsAt={data.grace_period_ends_at} />
}
