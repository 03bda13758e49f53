import { SparklesIcon } from 'lucide-react'

/** Static sample rows: what a list looks like once two AI columns have filled in. */
const SAMPLE_ROWS = [
  { company: 'Northwind Analytics', contact: 'Priya Raman', industry: 'B2B SaaS', score: 92 },
  { company: 'Bluefin Logistics', contact: 'Marco Silva', industry: 'Freight & shipping', score: 78 },
  { company: 'Juniper Health', contact: 'Hannah Okafor', industry: 'Digital health', score: 85 },
  { company: 'Copperline Studio', contact: 'Tom Becker', industry: 'Design agency', score: 41 },
] as const

function scoreClass(score: number) {
  if (score >= 80) return 'bg-green-100 text-green-800'
  if (score >= 60) return 'bg-yellow-100 text-yellow-800'
  return 'bg-muted text-foreground'
}

export function EnrichedTablePreview() {
  return (
    <figure className="overflow-hidden rounded-xl border bg-card shadow-lg">
      <div className="flex items-center gap-2 border-b bg-muted/50 px-3 py-2.5 sm:px-4">
        <span className="size-2.5 rounded-full bg-red-400" aria-hidden="true" />
        <span className="size-2.5 rounded-full bg-yellow-400" aria-hidden="true" />
        <span className="size-2.5 rounded-full bg-green-400" aria-hidden="true" />
        <span className="ml-2 truncate text-xs text-muted-foreground">leads.csv</span>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2.5 sm:px-4 font-medium">Company</th>
              <th scope="col" className="hidden px-3 py-2.5 sm:px-4 font-medium sm:table-cell">Contact</th>
              <th scope="col" className="px-3 py-2.5 sm:px-4 font-medium text-primary">
                <span className="inline-flex items-center gap-1">
                  <SparklesIcon className="size-3.5" aria-hidden="true" />
                  Industry
                </span>
              </th>
              <th scope="col" className="px-3 py-2.5 sm:px-4 font-medium text-primary">
                <span className="inline-flex items-center gap-1">
                  <SparklesIcon className="size-3.5" aria-hidden="true" />
                  Lead score
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {SAMPLE_ROWS.map((row) => (
              <tr key={row.company} className="border-b last:border-0">
                <td className="px-3 py-2.5 sm:px-4 font-medium">{row.company}</td>
                <td className="hidden px-3 py-2.5 sm:px-4 text-muted-foreground sm:table-cell">{row.contact}</td>
                <td className="bg-primary/5 px-3 py-2.5 sm:px-4">{row.industry}</td>
                <td className="bg-primary/5 px-3 py-2.5 sm:px-4">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${scoreClass(row.score)}`}>
                    {row.score}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <figcaption className="border-t px-4 py-2 text-xs text-muted-foreground">
        Illustration: two AI columns added to a lead list.
      </figcaption>
    </figure>
  )
}
