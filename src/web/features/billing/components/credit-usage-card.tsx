import { CoinsIcon } from 'lucide-react'
import { SUBSCRIPTION_PAGE_MESSAGES } from '#common/messages'
import { Badge } from '#web/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card'
import { Progress } from '#web/components/ui/progress'
import { creditBadgeVariant, creditUsage, formatCredits } from '../lib/credit-display'

export function CreditUsageCard({ currentCredits }: { currentCredits: number }) {
  const { total, used, percent } = creditUsage(currentCredits)
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CoinsIcon className="size-5 text-primary" aria-hidden="true" />
          {SUBSCRIPTION_PAGE_MESSAGES.creditUsage}
        </CardTitle>
        <CardDescription>Credits reset monthly on paid plans.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex items-baseline justify-between gap-2">
          <p className="text-3xl font-bold tabular-nums" data-testid="credits-remaining">
            {formatCredits(currentCredits)}
          </p>
          <Badge variant={creditBadgeVariant(currentCredits)}>remaining</Badge>
        </div>
        <Progress value={percent} aria-label="Credits used" />
        <p className="text-sm text-muted-foreground">
          {formatCredits(Math.max(0, used))} of {formatCredits(total)} credits used ({Math.round(percent)}%)
        </p>
      </CardContent>
    </Card>
  )
}
