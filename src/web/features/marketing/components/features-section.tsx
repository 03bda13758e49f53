import {
  DownloadIcon,
  FileUpIcon,
  GlobeIcon,
  MessageSquareTextIcon,
  WandSparklesIcon,
  ZapIcon,
} from 'lucide-react'

const FEATURES = [
  {
    icon: FileUpIcon,
    title: 'Effortless CSV import',
    description:
      'Drop in any lead list. Rowcraft detects the header row, the delimiter and the encoding for you.',
  },
  {
    icon: WandSparklesIcon,
    title: 'Custom AI fields',
    description:
      'Describe a column in plain language: a risk score, a tag, a research summary, a lead score.',
  },
  {
    icon: MessageSquareTextIcon,
    title: 'Chat with your spreadsheet',
    description:
      'Ask questions about your data and get exact counts and matching rows, with the reasoning shown.',
  },
  {
    icon: GlobeIcon,
    title: 'Live web intelligence',
    description: 'Turn on web research for a field when the answer is not in your file.',
  },
  {
    icon: ZapIcon,
    title: 'Parallel processing',
    description:
      'Rows are enriched in parallel in the background, and cells fill in live as results arrive.',
  },
  {
    icon: DownloadIcon,
    title: 'Export to CSV and Excel',
    description: 'Download everything, the current view or just the rows you selected.',
  },
] as const

export function FeaturesSection() {
  return (
    <section id="features" className="py-20" aria-labelledby="features-heading">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto mb-12 max-w-2xl text-center">
          <h2 id="features-heading" className="text-3xl font-bold tracking-tight text-balance">
            Everything a lead list needs
          </h2>
          <p className="mt-3 text-muted-foreground">
            Everything you need to turn a raw list into one you can act on.
          </p>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, description }) => (
            <li key={title} className="rounded-xl border bg-card p-6">
              <span className="mb-4 inline-flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
