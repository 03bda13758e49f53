import { CoinsIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Badge } from '#web/components/ui/badge'
import { useSubscription } from '../api/get-subscription'
import { creditBadgeVariant, formatCredits } from '../lib/credit-display'

/** The shell's credit count, coloured by the spec's thresholds; links to the subscription page. */
export function CreditBadge() {
  const { data } = useSubscription()
  if (!data) return null
  const credits = data.current_credits
  return (
    <Badge asChild variant={creditBadgeVariant(credits)} className="h-7 px-2.5 text-xs">
      <Link to="/dashboard/subscription" aria-label={`${formatCredits(credits)} credits remaining`} data-testid="credit-badge">
        <CoinsIcon aria-hidden="true" />
        {formatCredits(credits)} credits
      </Link>
    </Badge>
  )
}
