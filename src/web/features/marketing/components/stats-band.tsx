import { siteContent } from '#web/lib/site-content'
import { useSiteStats } from '../api/get-site-stats'
import { formatStat } from '../lib/anchor-scroll'

/** Live figures of this instance (000 §1's stats band), labelled from content/site.json. */
export function StatsBand() {
  const { data: stats, isError } = useSiteStats()
  if (isError) return null

  return (
    <section aria-label="Rowcraft in numbers" className="border-b bg-muted/40">
      <dl className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-10 text-center sm:grid-cols-3 sm:px-6">
        {siteContent.stats.map(({ key, label }) => (
          <div key={key} className="grid gap-1" data-testid={`stat-${key}`}>
            <dt className="order-2 text-sm text-muted-foreground">{label}</dt>
            <dd className="order-1 text-3xl font-bold tracking-tight tabular-nums">
              {stats ? formatStat(stats[key]) : <span className="inline-block h-9 w-16 animate-pulse rounded bg-muted" aria-label="Loading" />}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
