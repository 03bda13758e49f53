import { useCallback, useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { FullPageLoader } from '#web/components/full-page-loader'
import { useSubscription } from '../api/get-subscription'
import { updatePaymentSetup } from '../api/update-payment-setup'
import { useBypassGuard } from '../hooks/use-bypass-guard'
import { GateBackdrop, hasExpiredTrial, statusGrantsAccess } from './access-gate'
import { PaymentModal } from './payment-modal'

/**
 * '/payment-setup' (000 §4), where sign-in lands: 'payment_setup_started' is set and the modal
 * opens; completion sets 'payment_setup_completed' and goes to the dashboard. A user who already
 * has access goes straight on.
 */
export function PaymentSetupPage() {
  useBypassGuard()
  const navigate = useNavigate()
  const { data } = useSubscription()
  const hasMarkedStart = useRef(false)
  const isCompleting = useRef(false)

  useEffect(() => {
    if (hasMarkedStart.current) return
    hasMarkedStart.current = true
    void updatePaymentSetup({ stage: 'started' }).catch(() => {})
  }, [])

  const complete = useCallback(async () => {
    if (isCompleting.current) return
    isCompleting.current = true
    await updatePaymentSetup({ stage: 'completed' }).catch(() => {})
    await navigate('/dashboard', { replace: true })
  }, [navigate])

  const hasAccess = data ? statusGrantsAccess(data) : false
  useEffect(() => {
    if (hasAccess) void complete()
  }, [complete, hasAccess])

  if (!data || hasAccess) return <FullPageLoader />
  return (
    <GateBackdrop>
      <PaymentModal
        provider={data.billing_provider}
        isTrialExpired={hasExpiredTrial(data)}
        onComplete={() => void complete()}
      />
    </GateBackdrop>
  )
}
