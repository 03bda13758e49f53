import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { siteContentSchema } from './site-content.ts'

const file = join(import.meta.dirname, '../../content/site.json')

describe('content/site.json', () => {
  it('fits the schema the landing page reads', () => {
    const parsed = siteContentSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')))
    expect(parsed.error?.issues ?? []).toEqual([])
  })

  it('ships no invented testimonials (what the product does stands in their place), and no rating', () => {
    const content = JSON.parse(readFileSync(file, 'utf8')) as { testimonials: { items: Record<string, unknown>[] }; inPractice: { items: unknown[] } }
    expect(content.testimonials.items).toEqual([])
    expect(content.inPractice.items.length).toBeGreaterThan(0)
    expect(JSON.stringify(content)).not.toMatch(/rating|Sample quote/)
  })

  it('refuses a stat the server cannot count', () => {
    const content = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
    const bad = { ...content, stats: [{ key: 'accuracyRate', label: 'Accuracy rate' }] }
    expect(siteContentSchema.safeParse(bad).success).toBe(false)
  })
})
