import { CheckIcon } from 'lucide-react'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { PLAN, TRIAL } from '#common/constants'
import { Badge } from '#web/components/ui/badge'
import { Button } from '#web/components/ui/button'
import { Spinner } from '#web/components/ui/spinner'
import { authClient } from '#web/lib/auth-client'
import { siteContent } from '#web/lib/site-content'

export type StartCheckout = () => Promise<{ url: string | null }>

/**
 * Signed out, 'Start Free Trial' opens the dialog in sign-up mode. Signed in, it requests a
 * checkout and opens Stripe's page in a new tab (000 §4); the local provider starts the trial at
 * once and the visitor goes to the dashboard. A failure is logged only (000 §8) and the visitor
 * lands on the subscription page, where the state of their plan is shown.
 */
export function PricingSection({ startCheckout }: { startCheckout?: StartCheckout }) {
  const { data: session } = authClient.useSession()
  const navigate = useNavigate()
  const [isStarting, setIsStarting] = useState(false)
  const { plan } = siteContent

  async function onStart() {
    if (!startCheckout) return void navigate('/dashboard/subscription')
    setIsStarting(true)
    const tab = window.open('', '_blank')
    try {
      const { url } = await startCheckout()
      if (url && tab) tab.location.href = url
      else {
        tab?.close()
        if (url) window.location.assign(url)
        else void navigate('/dashboard')
      }
    } catch (error) {
      tab?.close()
      console.error('Checkout from the pricing section failed', error)
      void navigate('/dashboard/subscription')
    } finally {
      setIsStarting(false)
    }
  }

  return (
    <section id="pricing" className="py-20" aria-labelledby="pricing-heading">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto mb-12 max-w-2xl text-center">
          <h2 id="pricing-heading" className="text-3xl font-bold tracking-tight text-balance">
            Simple pricing
          </h2>
          <p className="mt-3 text-muted-foreground">One plan with everything in it. Cancel anytime.</p>
        </div>
        <div className="mx-auto max-w-md rounded-2xl border-2 border-primary bg-card p-6 shadow-lg sm:p-8">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-xl font-semibold">{PLAN.name}</h3>
            <Badge>{plan.badge}</Badge>
          </div>
          <p className="mt-1 text-sm text-muted-foreground">{plan.priceNote}</p>
          <p className="mt-6 flex items-baseline gap-2">
            <span className="text-5xl font-bold tracking-tight">${PLAN.priceUsd}</span>
            <span className="text-muted-foreground">/month</span>
            <span className="text-lg text-muted-foreground line-through">
              <span className="sr-only">was </span>${PLAN.originalPriceUsd}
            </span>
          </p>
          <p className="mt-2 text-sm text-muted-foreground">{plan.description}</p>
          <p className="mt-2 text-sm font-medium text-primary">
            {TRIAL.days}-day free trial · {TRIAL.credits.toLocaleString('en-US')} credits included, reset monthly
          </p>
          <ul className="mt-6 grid gap-3">
            {plan.features.map((feature) => (
              <li key={feature} className="flex items-center gap-2 text-sm">
                <CheckIcon className="size-4 text-primary" aria-hidden="true" />
                {feature}
              </li>
            ))}
          </ul>
          {session ? (
            <Button size="lg" className="mt-8 w-full" disabled={isStarting} onClick={() => void onStart()}>
              {isStarting && <Spinner aria-hidden="true" />}
              {plan.cta}
            </Button>
          ) : (
            <Button size="lg" className="mt-8 w-full" asChild>
              <Link to="/?auth=required&mode=signup">{plan.cta}</Link>
            </Button>
          )}
          <p className="mt-3 text-center text-xs text-muted-foreground">{plan.footnote}</p>
        </div>
      </div>
    </section>
  )
}
