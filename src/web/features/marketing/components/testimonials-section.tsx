import { siteContent } from '#web/lib/site-content'

/**
 * Quotes come from content/site.json; there is no star rating to invent. The project ships none:
 * until an operator adds real ones, the section says what the product does instead (`inPractice`),
 * under the same anchor. Sample entries say so on the page.
 */
export function TestimonialsSection() {
  const { heading, items } = siteContent.testimonials
  if (items.length === 0) return <InPracticeSection />

  return (
    <section id="testimonials" className="py-20" aria-labelledby="testimonials-heading">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="testimonials-heading" className="mx-auto mb-12 max-w-2xl text-center text-3xl font-bold tracking-tight text-balance">
          {heading}
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {items.map((item, index) => (
            <li key={index} className="flex flex-col rounded-xl border bg-card p-6">
              {item.sample && (
                <p className="mb-3 w-fit rounded-full border border-dashed px-2 py-0.5 text-xs text-muted-foreground">
                  Sample testimonial
                </p>
              )}
              <blockquote className="flex-1 text-pretty">“{item.quote}”</blockquote>
              <div className="mt-6 flex items-center gap-3">
                <span
                  className="inline-flex size-10 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary"
                  aria-hidden="true"
                >
                  {item.initials}
                </span>
                <div>
                  <p className="text-sm font-semibold">{item.name}</p>
                  <p className="text-sm text-muted-foreground">{item.role}</p>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

function InPracticeSection() {
  const { heading, items } = siteContent.inPractice
  return (
    <section id="testimonials" className="py-20" aria-labelledby="in-practice-heading">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="in-practice-heading" className="mx-auto mb-12 max-w-2xl text-center text-3xl font-bold tracking-tight text-balance">
          {heading}
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {items.map((item) => (
            <li key={item.title} className="flex flex-col rounded-xl border bg-card p-6">
              <h3 className="font-semibold">{item.title}</h3>
              <p className="mt-2 text-pretty text-muted-foreground">{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
