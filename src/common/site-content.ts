import { z } from 'zod'

/** `content/site.json`: the public site's copy an operator edits (stats labels, plan, quotes or what the product does, FAQ). */
export const siteStatKeys = ['recordsEnriched', 'users', 'files'] as const

export const siteContentSchema = z.object({
  about: z.string(),
  /** `showFrom`: the figure is shown from this count on (SITE_STATS_SHOWN_FROM when absent). */
  stats: z.array(z.object({ key: z.enum(siteStatKeys), label: z.string().min(1), showFrom: z.number().int().min(0).optional() })).min(1).max(4),
  plan: z.object({
    description: z.string().min(1),
    priceNote: z.string().min(1),
    badge: z.string().min(1),
    cta: z.string().min(1),
    features: z.array(z.string().min(1)).min(1),
    footnote: z.string(),
  }),
  /**
   * Quotes of real users. With none, the section shows `inPractice` instead: what the product
   * does, in its own words, and the header's link is named after it.
   */
  testimonials: z.object({
    heading: z.string().min(1),
    items: z
      .array(
        z.object({
          sample: z.boolean().optional(),
          quote: z.string().min(1),
          name: z.string().min(1),
          role: z.string().min(1),
          initials: z.string().min(1).max(3),
        }),
      )
      .max(6),
  }),
  inPractice: z.object({
    navLabel: z.string().min(1),
    heading: z.string().min(1),
    items: z.array(z.object({ title: z.string().min(1), text: z.string().min(1) })).min(1).max(6),
  }),
  faq: z.array(z.object({ question: z.string().min(1), answer: z.string().min(1) })).min(1),
})

export type SiteContent = z.infer<typeof siteContentSchema>
