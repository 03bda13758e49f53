import { z } from 'zod'

/** `content/site.json`: the public site's copy an operator edits (stats labels, plan, quotes, FAQ). */
export const siteStatKeys = ['recordsEnriched', 'users', 'files'] as const

export const siteContentSchema = z.object({
  about: z.string(),
  stats: z.array(z.object({ key: z.enum(siteStatKeys), label: z.string().min(1) })).min(1).max(4),
  plan: z.object({
    description: z.string().min(1),
    priceNote: z.string().min(1),
    badge: z.string().min(1),
    cta: z.string().min(1),
    features: z.array(z.string().min(1)).min(1),
    footnote: z.string(),
  }),
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
  faq: z.array(z.object({ question: z.string().min(1), answer: z.string().min(1) })).min(1),
})

export type SiteContent = z.infer<typeof siteContentSchema>
