import { useEffect, useRef, useState, type ReactNode } from 'react'
import { hasPaidAccess, isTrialExpired } from '#common/billing-rules'
import { SUBSCRIPTION_TIMINGS } from '#common/constants'
import { PAYMENT_MESSAGES } from '#common/messages'
import { BrandMark } from '#web/components/brand-logo'
import { Button } from '#web/components/ui/button'
import { Spinner } from '#web/components/ui/spinner'
import { useSubscription, type LoadedSubscription } from '../api/get-subscription'
import { reportSecurityEvent } from '../api/report-security-event'
import { validateAccess } from '../api/validate-access'
import { useBypassGuard } from '../hooks/use-bypass-guard'
import { isBlockWorthReporting } from '../lib/blocked-report'
import { PaymentModal } from './payment-modal'

export function statusGrantsAccess(status: LoadedSubscription) {
  return hasPaidAccess({
    subscribed: status.subscribed,
    paymentMethodValid: status.payment_method_valid,
    trialEndsAt: status.trial_ends_at,
    gracePeriodEndsAt: status.grace_period_ends_at,
  })
}

/** A trial that was started and has ended, by this tab's clock (it may end while the tab is open). */
export function hasExpiredTrial(status: LoadedSubscription) {
  return status.trial_started_at !== null && isTrialExpired({ subscribed: status.subscribed, trialEndsAt: status.trial_ends_at })
}

function GateLoader({ isSlow }: { isSlow: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3 text-muted-foreground">
      <Spinner className="size-8 text-primary" aria-hidden="true" role="presentation" />
      <p role="status">{isSlow ? PAYMENT_MESSAGES.loadingSlow : 'Loading...'}</p>
    </div>
  )
}

/** What a blocked user sees behind the modal: the brand, not the app. */
export function GateBackdrop({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-muted/40">
      <BrandMark className="size-16 opacity-20" />
      {children}
    </div>
  )
}

function BlockedScreen({ status }: { status: LoadedSubscription }) {
  const reported = useRef(false)
  useEffect(() => {
    if (reported.current || !isBlockWorthReporting(status)) return
    reported.current = true
    void reportSecurityEvent({
      event_type: 'payment_gate_blocked',
      details: { path: window.location.pathname, check_failed: status.check_failed ?? false },
    })
  }, [status])

  return (
    <GateBackdrop>
      <PaymentModal
        provider={status.billing_provider}
        isTrialExpired={hasExpiredTrial(status)}
        // The checkout flow refreshes the status; the gate then lets the app through.
        onComplete={() => {}}
      />
    </GateBackdrop>
  )
}

/**
 * The status check itself failed (000 §8: the restricted state). Access stays closed, but this is
 * no verdict on the plan: a paying user is asked to retry, not to start a trial, and nothing is
 * reported as a blocked attempt.
 */
function CheckFailedScreen({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  return (
    <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-3 px-6 text-center">
      <BrandMark className="size-12 opacity-60" />
      <p className="text-lg font-semibold">{PAYMENT_MESSAGES.statusCheckFailedTitle}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{PAYMENT_MESSAGES.statusCheckFailedBody}</p>
      <Button onClick={onRetry} disabled={isRetrying}>
        {isRetrying && <Spinner />}
        {PAYMENT_MESSAGES.retry}
      </Button>
    </div>
  )
}

/**
 * The payment gate on every protected page (000 §4). While the status loads a spinner shows;
 * after 8 s the fallback access validation runs and the status is fetched again. Without access
 * the payment modal blocks the app.
 */
export function AccessGate({ children }: { children: ReactNode }) {
  useBypassGuard()
  const { data, isPending, isFetching, refetch } = useSubscription()
  const [isSlow, setIsSlow] = useState(false)
  const [fallbackAccess, setFallbackAccess] = useState(false)

  useEffect(() => {
    if (!isPending) return
    const timer = setTimeout(() => {
      setIsSlow(true)
      void refetch()
      void validateAccess()
        .then(setFallbackAccess)
        .catch(() => setFallbackAccess(false))
    }, SUBSCRIPTION_TIMINGS.loadingFallbackMs)
    return () => clearTimeout(timer)
  }, [isPending, refetch])

  if (!data) return fallbackAccess ? children : <GateLoader isSlow={isSlow} />
  if (data.check_failed) return <CheckFailedScreen onRetry={() => void refetch()} isRetrying={isFetching} />
  if (!statusGrantsAccess(data)) return <BlockedScreen status={data} />
  return children
}
