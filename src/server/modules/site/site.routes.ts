import { Hono } from 'hono'
import { env } from '#server/env'
import type { AppEnv } from '#server/platform/hono-env'
import { buildRobots, buildSitemap, getSiteStats } from './site.service.ts'
import { siteStatsSchema } from '#common/schemas/site'
import { documented } from '#server/platform/openapi'

/** `/api/site/stats`: the landing page's live figures; public, instance-wide, cached a minute. */
export const siteRoutes = new Hono<AppEnv>().get('/stats', documented({ response: siteStatsSchema }), async (c) => {
  c.header('Cache-Control', 'public, max-age=60')
  return c.json(await getSiteStats())
})

/** The comparison pages (web route `compare/...`), listed here for the sitemap. */
export const COMPARISON_PATHS = ['/compare/rowcraft-vs-clay', '/compare/migrate-from-clay'] as const

/** `/sitemap.xml` and `/robots.txt` at the site root. */
export const siteRootRoutes = new Hono<AppEnv>()
  .get('/sitemap.xml', (c) => {
    c.header('Content-Type', 'application/xml; charset=utf-8')
    c.header('Cache-Control', 'public, max-age=3600')
    return c.body(buildSitemap(env.PUBLIC_URL, COMPARISON_PATHS))
  })
  .get('/robots.txt', (c) => {
    c.header('Cache-Control', 'public, max-age=3600')
    return c.text(buildRobots(env.PUBLIC_URL))
  })
