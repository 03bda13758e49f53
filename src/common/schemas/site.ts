import { z } from 'zod'

/** The landing page's stats band: live counts of this instance, never per-user data. */
export const siteStatsSchema = z.object({ recordsEnriched: z.number().int(), users: z.number().int(), files: z.number().int() })
export type SiteStats = z.infer<typeof siteStatsSchema>
