import { siteContent } from '#web/lib/site-content'
import { useSiteStats } from '../api/get-site-stats'
import { formatStat } from '../lib/anchor-scroll'
import { shownStats } from '../lib/shown-stats'

const COLUMNS = ['sm:grid-cols-1', 'sm:grid-cols-2', 'sm:grid-cols-3', 'sm:grid-cols-4'] as const

/**
 * Live figures of this instance (000 §1's stats band), labelled from content/site.json. A figure
 * is shown once it means something (its threshold); with none yet, there is no band.
 */
export function StatsBand() {
  const { data: stats } = useSiteStats()
  if (!stats) return null
  const shown = shownStats(siteContent.stats, stats)
  if (shown.length === 0) return null

  return (
    <section aria-label="Rowcraft in numbers" className="border-b bg-muted/40">
      <dl className={`mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-10 text-center sm:px-6 ${COLUMNS[shown.length - 1]}`}>
        {shown.map(({ key, label, value }) => (
          <div key={key} className="grid gap-1" data-testid={`stat-${key}`}>
            <dt className="order-2 text-sm text-muted-foreground">{label}</dt>
            <dd className="order-1 text-3xl font-bold tracking-tight tabular-nums">{formatStat(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
