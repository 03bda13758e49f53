import type { ReactNode } from 'react'
import { usePageMeta } from '#web/lib/page-meta'

export type LegalSection = { heading: string; body: ReactNode }

/** A long text page: privacy, terms and the comparison pages share this layout. */
export function LegalPage({
  title,
  description,
  updated,
  intro,
  sections,
}: {
  title: string
  description: string
  /** ISO date the text was last changed. */
  updated: string
  intro?: ReactNode
  sections: LegalSection[]
}) {
  usePageMeta({ title, description })
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
      <h1 className="text-4xl font-bold tracking-tight text-balance">{title}</h1>
      <p className="mt-3 text-sm text-muted-foreground">
        Last updated <time dateTime={updated}>{new Date(`${updated}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}</time>
      </p>
      {intro && <div className="mt-6 grid gap-4 leading-7 text-pretty">{intro}</div>}
      <div className="mt-10 grid gap-10">
        {sections.map((section) => (
          <section key={section.heading} className="grid gap-3">
            <h2 className="text-xl font-semibold tracking-tight">{section.heading}</h2>
            <div className="grid gap-3 leading-7 text-pretty [&_a]:font-medium [&_a]:text-primary [&_a]:underline-offset-4 hover:[&_a]:underline [&_li]:ml-5 [&_li]:list-disc">
              {section.body}
            </div>
          </section>
        ))}
      </div>
    </article>
  )
}
