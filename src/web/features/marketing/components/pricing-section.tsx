import { CheckIcon } from 'lucide-react'
import { Link } from 'react-router'
import { PLAN, TRIAL } from '#common/constants'
import { Badge } from '#web/components/ui/badge'
import { Button } from '#web/components/ui/button'
import { authClient } from '#web/lib/auth-client'

const PLAN_FEATURES = [
  'Advanced data enrichment',
  'Unlimited custom fields',
  'Powerful spreadsheet chat',
  'Use your own API key',
] as const

export function PricingSection() {
  const { data: session } = authClient.useSession()
  // Signed out: sign in first (000 §4). Signed in: the billing screen starts the checkout.
  const ctaTarget = session ? '/dashboard/subscription' : '/?auth=required'

  return (
    <section id="pricing" className="scroll-mt-22 py-20" aria-labelledby="pricing-heading">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto mb-12 max-w-2xl text-center">
          <h2 id="pricing-heading" className="text-3xl font-bold tracking-tight text-balance">
            Simple pricing
          </h2>
          <p className="mt-3 text-muted-foreground">One plan with everything in it. Cancel anytime.</p>
        </div>
        <div className="mx-auto max-w-md rounded-2xl border-2 border-primary bg-card p-8 shadow-lg">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-xl font-semibold">{PLAN.name}</h3>
            <Badge>Limited Time Offer</Badge>
          </div>
          <p className="mt-1 text-sm text-muted-foreground">Early adopter price</p>
          <p className="mt-6 flex items-baseline gap-2">
            <span className="text-5xl font-bold tracking-tight">${PLAN.priceUsd}</span>
            <span className="text-muted-foreground">/month</span>
            <span className="text-lg text-muted-foreground line-through">
              <span className="sr-only">was </span>${PLAN.originalPriceUsd}
            </span>
          </p>
          <p className="mt-2 text-sm font-medium text-primary">
            {TRIAL.days}-day free trial · {TRIAL.credits.toLocaleString('en-US')} credits included,
            reset monthly
          </p>
          <ul className="mt-6 grid gap-3">
            {PLAN_FEATURES.map((feature) => (
              <li key={feature} className="flex items-center gap-2 text-sm">
                <CheckIcon className="size-4 text-primary" aria-hidden="true" />
                {feature}
              </li>
            ))}
          </ul>
          <Button size="lg" className="mt-8 w-full" asChild>
            <Link to={ctaTarget}>Start Free Trial</Link>
          </Button>
          <p className="mt-3 text-center text-xs text-muted-foreground">
            One credit typically enriches one row.
          </p>
        </div>
      </div>
    </section>
  )
}
