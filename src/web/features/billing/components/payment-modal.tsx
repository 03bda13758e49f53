import { CheckIcon, CrownIcon, LockIcon } from 'lucide-react'
import { PLAN, TRIAL } from '#common/constants'
import { PAYMENT_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#web/components/ui/dialog'
import { Spinner } from '#web/components/ui/spinner'
import { useSignOut } from '#web/hooks/use-sign-out'
import { useCheckoutFlow } from '../hooks/use-checkout-flow'
import { TrialExpiredBanner } from './payment-banners'

type PaymentModalProps = {
  provider: 'local' | 'stripe'
  onComplete: () => void
  /** A returning user whose trial ended sees the 'Trial Expired' banner in the modal. */
  isTrialExpired?: boolean
}

const keepOpen = (event: Event) => event.preventDefault()

/** The payment gate's modal (000 §4): it cannot be dismissed; the user starts the trial or leaves. */
export function PaymentModal({ provider, onComplete, isTrialExpired = false }: PaymentModalProps) {
  const signOut = useSignOut()
  const { start, isLocked, isVerifying } = useCheckoutFlow({ provider, onComplete })

  return (
    <Dialog open>
      <DialogContent
        showCloseButton={false}
        onEscapeKeyDown={keepOpen}
        onPointerDownOutside={keepOpen}
        onInteractOutside={keepOpen}
        className="max-h-[calc(100dvh-2rem)] gap-5 overflow-y-auto sm:max-w-md"
      >
        <DialogHeader className="items-center text-center sm:text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <CrownIcon className="size-6" aria-hidden="true" />
          </span>
          <DialogTitle className="text-2xl">{PAYMENT_MESSAGES.modalTitle}</DialogTitle>
          <DialogDescription className="text-base">{PAYMENT_MESSAGES.modalSubtitle}</DialogDescription>
        </DialogHeader>

        <div className="rounded-lg border bg-muted/40 p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="font-semibold">{PAYMENT_MESSAGES.planLine}</p>
            <p className="text-sm text-muted-foreground">
              <span className="line-through" aria-label={`was $${PLAN.originalPriceUsd}`}>
                ${PLAN.originalPriceUsd}
              </span>{' '}
              · {TRIAL.credits.toLocaleString('en-US')} credits
            </p>
          </div>
          <ul className="mt-3 grid gap-2 text-sm">
            {PAYMENT_MESSAGES.benefits.map((benefit) => (
              <li key={benefit} className="flex items-center gap-2">
                <CheckIcon className="size-4 shrink-0 text-green-600" aria-hidden="true" />
                {benefit}
              </li>
            ))}
          </ul>
        </div>

        {isTrialExpired && <TrialExpiredBanner onSubscribe={() => void start()} isBusy={isLocked} />}

        <div role="note" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <LockIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div>
            {/* Only Stripe asks for a card; the local provider starts the trial with none. */}
            <p className="font-medium">{provider === 'stripe' ? PAYMENT_MESSAGES.setupRequired : PAYMENT_MESSAGES.noCardRequired}</p>
            <p>{provider === 'stripe' ? PAYMENT_MESSAGES.setupRequiredBody : PAYMENT_MESSAGES.noCardRequiredBody}</p>
          </div>
        </div>

        <div className="grid gap-2">
          <Button size="lg" onClick={() => void start()} disabled={isLocked}>
            {isLocked && <Spinner aria-hidden="true" />}
            {PAYMENT_MESSAGES.startTrial}
          </Button>
          <Button variant="ghost" onClick={() => void signOut()} disabled={isVerifying}>
            {PAYMENT_MESSAGES.signOutExit}
          </Button>
          {isVerifying && (
            <p role="status" className="text-center text-sm text-muted-foreground">
              {PAYMENT_MESSAGES.verifying}
            </p>
          )}
        </div>
      </DialogContent>
    </Dialog>
  )
}
