import { SITE_STATS_SHOWN_FROM } from '#common/constants'
import type { SiteStats } from '#common/schemas/site'
import type { SiteContent } from '#common/site-content'

/** The stats band's figures that mean something yet: each from its `showFrom` count on (SITE_STATS_SHOWN_FROM by default). */
export function shownStats(stats: SiteContent['stats'], values: SiteStats) {
  return stats.filter(({ key, showFrom }) => values[key] >= (showFrom ?? SITE_STATS_SHOWN_FROM[key])).map((stat) => ({ ...stat, value: values[stat.key] }))
}
