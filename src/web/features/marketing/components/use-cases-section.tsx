import { BriefcaseBusinessIcon, ChartNoAxesCombinedIcon, HandshakeIcon } from 'lucide-react'

/**
 * Sits at #testimonials. Until operators publish real quotes, this shows what teams use the
 * product for rather than invented testimonials.
 */
const USE_CASES = [
  {
    icon: BriefcaseBusinessIcon,
    team: 'Sales teams',
    text: 'Score an event list by fit before the follow-up calls, and start with the best leads.',
  },
  {
    icon: ChartNoAxesCombinedIcon,
    team: 'Growth teams',
    text: 'Tag a sign-up export by industry and company size to shape the next campaign.',
  },
  {
    icon: HandshakeIcon,
    team: 'Agencies',
    text: "Research a client's prospect list with live web data and hand back an enriched file.",
  },
] as const

export function UseCasesSection() {
  return (
    <section
      id="testimonials"
      className="scroll-mt-26 border-y bg-muted/40 py-20"
      aria-labelledby="use-cases-heading"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto mb-12 max-w-2xl text-center">
          <h2 id="use-cases-heading" className="text-3xl font-bold tracking-tight text-balance">
            Built for sales and growth teams
          </h2>
          <p className="mt-3 text-muted-foreground">A few of the jobs Rowcraft is made for.</p>
        </div>
        <ul className="grid gap-4 md:grid-cols-3">
          {USE_CASES.map(({ icon: Icon, team, text }) => (
            <li key={team} className="rounded-xl border bg-card p-6">
              <Icon className="mb-4 size-6 text-primary" aria-hidden="true" />
              <h3 className="font-semibold">{team}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
