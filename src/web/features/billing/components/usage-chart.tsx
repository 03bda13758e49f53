import { SUBSCRIPTION_PAGE_MESSAGES } from '#common/messages'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card'
import { Skeleton } from '#web/components/ui/skeleton'
import { useCreditUsage } from '../api/get-credit-usage'

const HEIGHT = 120
const BAR_GAP = 2

function dayLabel(date: string) {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
}

/** Credits spent per day over the last 30 days, as plain SVG bars (no chart library needed). */
export function UsageChart() {
  const { data, isPending, isError } = useCreditUsage()
  const days = data?.days ?? []
  const max = Math.max(1, ...days.map((d) => d.credits))
  const width = days.length * 10

  return (
    <Card>
      <CardHeader>
        <CardTitle>{SUBSCRIPTION_PAGE_MESSAGES.usageChart}</CardTitle>
        <CardDescription>
          {SUBSCRIPTION_PAGE_MESSAGES.usageChartHint}
          {data ? ` · ${data.total.toLocaleString('en-US')} credits` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPending && <Skeleton className="h-32 w-full" />}
        {isError && <p className="text-sm text-muted-foreground">Usage could not be loaded.</p>}
        {data && (
          <figure className="grid gap-1">
            <svg
              role="img"
              aria-label={`Credits used per day, last ${days.length} days: ${data.total} in total`}
              viewBox={`0 0 ${width} ${HEIGHT}`}
              preserveAspectRatio="none"
              className="h-32 w-full"
              data-testid="usage-chart"
            >
              <line x1={0} x2={width} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="stroke-border" strokeWidth={1} />
              {days.map((day, i) => {
                const h = day.credits === 0 ? 0 : Math.max(2, (day.credits / max) * (HEIGHT - 8))
                return (
                  <rect key={day.date} x={i * 10 + BAR_GAP / 2} y={HEIGHT - h} width={10 - BAR_GAP} height={h} rx={1.5} className="fill-primary" data-credits={day.credits}>
                    <title>{`${dayLabel(day.date)}: ${day.credits} credits`}</title>
                  </rect>
                )
              })}
            </svg>
            <figcaption className="flex justify-between text-xs text-muted-foreground">
              <span>{days[0] && dayLabel(days[0].date)}</span>
              <span>{days.at(-1) && dayLabel(days.at(-1)!.date)}</span>
            </figcaption>
          </figure>
        )}
      </CardContent>
    </Card>
  )
}
