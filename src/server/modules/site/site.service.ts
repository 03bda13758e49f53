import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { count } from 'drizzle-orm'
import { parseBlogPost, sortByNewest, type BlogPost } from '#common/blog'
import type { SiteStats } from '#common/schemas/site'
import { db } from '#server/db/client'
import { csvUploads, user } from '#server/db/schema/index'
import { countEnrichedRowsEverywhere } from '#server/modules/row-storage/ai-values'

/** The stats band is public and cheap to ask for; it is counted at most once a minute per process. */
const STATS_TTL_MS = 60_000
let cachedStats: { at: number; stats: SiteStats } | null = null

/**
 * Instance-wide counts, nothing per user. A record is enriched when one of its AI columns holds
 * a value: a finished AI cell writes its value into the row under the AI column's key
 * (ARCHITECTURE: Data model), so this counts rows with at least one AI answer.
 */
export async function getSiteStats(now = Date.now()): Promise<SiteStats> {
  if (cachedStats && now - cachedStats.at < STATS_TTL_MS) return cachedStats.stats
  const [users, files, enriched] = await Promise.all([
    db.select({ n: count() }).from(user),
    db.select({ n: count() }).from(csvUploads),
    countEnrichedRowsEverywhere(),
  ])
  const stats: SiteStats = {
    users: users[0]?.n ?? 0,
    files: files[0]?.n ?? 0,
    recordsEnriched: enriched,
  }
  cachedStats = { at: now, stats }
  return stats
}

export function clearSiteStatsCache() {
  cachedStats = null
}

const blogDir = join(import.meta.dirname, '../../../../content/blog')

export function readBlogPosts(): BlogPost[] {
  const files = readdirSync(blogDir).filter((file) => file.endsWith('.md'))
  return sortByNewest(files.map((file) => parseBlogPost(file.slice(0, -3), readFileSync(join(blogDir, file), 'utf8'))))
}

/** Public pages a search engine should index (the comparison pages' paths come from the web's list). */
export const PUBLIC_PATHS = ['/', '/blog', '/contact', '/help', '/privacy', '/terms'] as const

export function buildSitemap(publicUrl: string, extraPaths: readonly string[] = []) {
  const urls = [
    ...[...PUBLIC_PATHS, ...extraPaths].map((path) => ({ loc: `${publicUrl}${path}`, lastmod: undefined as string | undefined })),
    ...readBlogPosts().map((post) => ({ loc: `${publicUrl}/blog/${post.slug}`, lastmod: post.date })),
  ]
  const body = urls
    .map(({ loc, lastmod }) => `  <url><loc>${loc}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`)
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`
}

export function buildRobots(publicUrl: string) {
  return ['User-agent: *', 'Allow: /', 'Disallow: /dashboard', 'Disallow: /payment-setup', 'Disallow: /api/', '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n')
}
