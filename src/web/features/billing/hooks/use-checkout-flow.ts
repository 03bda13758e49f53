import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import { BILLING, SUBSCRIPTION_TIMINGS } from '#common/constants'
import { PAYMENT_MESSAGES } from '#common/messages'
import { billingKeys } from '#web/lib/billing-query-keys'
import { createCheckout } from '../api/create-checkout'
import { getSubscription } from '../api/get-subscription'
import { checkoutErrorMessage } from '../lib/checkout-error'
import { isCheckoutVerified } from '../lib/checkout-verified'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * 'Start Free Trial' (000 §4): request a checkout (Stripe opens in a new tab; the local provider
 * starts the trial at once), then poll the status once a second, up to 30 times, until the
 * checkout is verified (`isCheckoutVerified`). The button stays locked while this runs and 1 s after.
 */
export function useCheckoutFlow({ provider, onComplete }: { provider: 'local' | 'stripe'; onComplete: () => void }) {
  const queryClient = useQueryClient()
  const [isLocked, setIsLocked] = useState(false)
  const [isVerifying, setIsVerifying] = useState(false)
  const isMounted = useRef(true)

  useEffect(() => {
    isMounted.current = true
    return () => {
      isMounted.current = false
    }
  }, [])

  const start = useCallback(async () => {
    if (isLocked) return
    setIsLocked(true)
    // Opened during the click so the pop-up blocker allows it; filled in once the url is known.
    const tab = provider === 'stripe' ? window.open('', '_blank') : null
    const toastId = toast.loading(PAYMENT_MESSAGES.startingTrial)
    try {
      const checkout = await createCheckout()
      if (checkout.url) {
        if (tab) tab.location.href = checkout.url
        else window.location.assign(checkout.url)
        toast.success(PAYMENT_MESSAGES.checkoutInitiated, { id: toastId, description: PAYMENT_MESSAGES.checkoutInitiatedBody })
      } else {
        toast.dismiss(toastId)
      }
      setIsVerifying(true)
      let isVerified = false
      for (let attempt = 0; attempt < SUBSCRIPTION_TIMINGS.checkoutPollMaxTries && isMounted.current; attempt += 1) {
        const status = await getSubscription().catch(() => null)
        if (status && isCheckoutVerified(provider, status)) {
          queryClient.setQueryData(billingKeys.subscription(), status)
          isVerified = true
          break
        }
        await sleep(SUBSCRIPTION_TIMINGS.checkoutPollIntervalMs)
      }
      if (isVerified) toast.success(PAYMENT_MESSAGES.verified)
      else toast.warning(PAYMENT_MESSAGES.slowVerification, { description: PAYMENT_MESSAGES.slowVerificationBody })
      await queryClient.invalidateQueries({ queryKey: billingKeys.all })
      onComplete()
    } catch (error) {
      tab?.close()
      toast.error(PAYMENT_MESSAGES.checkoutFailed, { id: toastId, description: checkoutErrorMessage(error) })
    } finally {
      if (isMounted.current) setIsVerifying(false)
      setTimeout(() => {
        if (isMounted.current) setIsLocked(false)
      }, BILLING.startButtonCooldownMs)
    }
  }, [isLocked, onComplete, provider, queryClient])

  return { start, isLocked, isVerifying }
}
