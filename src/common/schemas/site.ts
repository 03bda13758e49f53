/** The landing page's stats band: live counts of this instance, never per-user data. */
export type SiteStats = { recordsEnriched: number; users: number; files: number }
