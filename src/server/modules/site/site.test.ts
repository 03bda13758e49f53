import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { db } from '#server/db/client'
import { uploadColumns } from '#server/db/schema/index'
import { createTestApp, type TestApp } from '#server/test/test-app'
import { csvOf, importCsv } from '#server/test/upload-helpers'
import { clearSiteStatsCache } from './site.service.ts'
import { siteStatsSchema } from '#common/schemas/site'
import { readJson } from '#server/test/contract'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({}, { withWorkers: true })
})
afterAll(async () => {
  await t?.close()
})

const statsOf = async () => {
  clearSiteStatsCache()
  const res = await t.browser().api.site.stats.$get()
  expect(res.status).toBe(200)
  return readJson(res, siteStatsSchema)
}

describe('GET /api/site/stats', () => {
  it('counts users, files and rows holding an AI answer across the instance, with no sign-in', async () => {
    expect(await statsOf()).toEqual({ users: 0, files: 0, recordsEnriched: 0 })

    const { browser } = await t.signUpVerified()
    await t.signUpVerified()
    await t.startTrial(browser)
    const csv = csvOf(['Name', 'Company'], [['Ada', 'Acme'], ['Bob', 'Globex'], ['Cy', 'Initech']])
    const id = await importCsv(browser, 'leads.csv', csv)
    expect(await statsOf()).toEqual({ users: 2, files: 1, recordsEnriched: 0 })

    // An AI column whose answers landed in two of the three rows (one is still empty).
    await db.insert(uploadColumns).values({ uploadId: id, key: 'a_fit', name: 'Fit', kind: 'ai', position: 2 })
    await db.execute(sql`UPDATE csv_rows SET data = data || jsonb_build_object('a_fit', CASE row_index WHEN 2 THEN '' ELSE 'High' END) WHERE upload_id = ${id}`)
    expect(await statsOf()).toEqual({ users: 2, files: 1, recordsEnriched: 2 })
  })

  it('answers from its one-minute cache between counts', async () => {
    const first = await statsOf()
    await t.signUpVerified()
    const cached = await (await t.browser().api.site.stats.$get()).json()
    expect(cached.users).toBe(first.users)
    expect((await statsOf()).users).toBe(first.users + 1)
  })
})

describe('sitemap.xml and robots.txt', () => {
  it('lists the public pages and every article', async () => {
    const res = await t.browser().request('/sitemap.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/xml')
    const xml = await res.text()
    expect(xml).toContain('<loc>http://localhost:3000/</loc>')
    expect(xml).toContain('<loc>http://localhost:3000/contact</loc>')
    expect(xml).toContain('<loc>http://localhost:3000/compare/rowcraft-vs-clay</loc>')
    expect(xml).toMatch(/<loc>http:\/\/localhost:3000\/blog\/what-is-lead-enrichment<\/loc><lastmod>2026-\d\d-\d\d<\/lastmod>/)
    expect(xml.match(/\/blog\/[a-z0-9-]+<\/loc>/g)).toHaveLength(14)
    expect(xml).not.toContain('/dashboard')
  })

  it('keeps crawlers out of the app and points them at the sitemap', async () => {
    const text = await (await t.browser().request('/robots.txt')).text()
    expect(text).toContain('Disallow: /dashboard')
    expect(text).toContain('Sitemap: http://localhost:3000/sitemap.xml')
  })
})
