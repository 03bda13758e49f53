import { siteContent } from '#web/lib/site-content'
import { FaqAccordion } from './faq-accordion'

export function FaqSection() {
  return (
    <section id="faq" className="border-t bg-muted/40 py-20" aria-labelledby="faq-heading">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <h2 id="faq-heading" className="mb-10 text-center text-3xl font-bold tracking-tight">
          Frequently asked questions
        </h2>
        <FaqAccordion items={siteContent.faq} />
      </div>
    </section>
  )
}
