import { DownloadIcon, FileUpIcon, FilterIcon, KeyRoundIcon, MessageSquareTextIcon, WandSparklesIcon } from 'lucide-react'
import { Link } from 'react-router'
import { CREDIT_COSTS, TRIAL } from '#common/constants'
import { usePageMeta } from '#web/lib/page-meta'
import { usePublicConfig } from '#web/lib/public-config'
import { FaqAccordion } from './faq-accordion'

/** The first step names Google only where Google sign-in is configured (the public config says). */
const signUpStep = (isGoogleEnabled: boolean) => ({
  title: 'Create your account',
  text: `Sign up with your e-mail${isGoogleEnabled ? ' or Google' : ''} and confirm the e-mail we send. The ${TRIAL.days}-day trial includes ${TRIAL.credits.toLocaleString('en-US')} credits.`,
})

const NEXT_STEPS = [
  { title: 'Upload a list', text: 'Drop a CSV, TSV or Excel file on the dashboard. If Rowcraft is unsure which line is the header, it shows you the first rows and asks.' },
  { title: 'Check the import', text: 'Open the data quality report to see rows that were padded or skipped and why. Nothing is dropped without a note.' },
  { title: 'Add an AI column', text: 'Write a prompt with {column} placeholders, test it on a few rows, then run it on the whole list and watch the cells fill in.' },
  { title: 'Export', text: 'Download all rows, the current view or your selection as CSV, Excel or JSON.' },
] as const

const FEATURES = [
  { icon: FileUpIcon, title: 'Import', text: 'Any column structure; comma, semicolon, tab or pipe delimiters; UTF-8, Windows and Latin encodings; header row detection.' },
  { icon: FilterIcon, title: 'Grid', text: 'Sort, search, filter with contains, equals, starts with and ends with; edit cells; add, rename, hide and delete columns; delete rows.' },
  { icon: WandSparklesIcon, title: 'AI columns', text: `Prompts with placeholders, answered row by row with reasoning and confidence; ${CREDIT_COSTS.basicEnrichment} credit per row, ${CREDIT_COSTS.webSearchEnrichment} with web research.` },
  { icon: MessageSquareTextIcon, title: 'Magic Chat', text: `Ask the table a question and get an exact count and the matching rows; ${CREDIT_COSTS.chatQuery} credits per question.` },
  { icon: KeyRoundIcon, title: 'Your own API key', text: 'Add a provider key in API settings and choose to use it instead of credits.' },
  { icon: DownloadIcon, title: 'Export', text: 'CSV that is safe to open in spreadsheet programs, Excel and JSON.' },
] as const

const HELP_FAQ = [
  { question: 'My file was imported with the wrong columns. What happened?', answer: 'Usually the header row or the delimiter was not what the importer expected. Delete the upload and import it again; when asked, choose the right header line. If the file has a title line above the header, the preview shows it so you can skip it.' },
  { question: 'Why were some rows skipped?', answer: 'A row with more fields than the header usually has an unquoted comma in one value. The data quality report lists each skipped row with its number, so you can fix it in the source file and import again.' },
  { question: 'An AI column gives inconsistent answers. What can I do?', answer: 'Tell the model exactly what to answer and in which format, list the allowed values for categories, and say what to answer when the data is missing. Test the prompt on a few rows before running it on the whole list.' },
  { question: 'What happens when my credits run out?', answer: 'Cells that could not be paid for stop with a clear status instead of failing silently. They can be run again once credits are added or reset at the start of your next month.' },
  { question: 'How do I cancel?', answer: 'Open Subscription & Billing from the user menu and manage your plan there. Cancelling during the trial costs nothing.' },
  { question: 'How do I delete my data?', answer: 'Delete uploads from File Storage at any time. To delete your whole account or ask for a copy of your data, send us a message through the contact page.' },
] as const

export function HelpPage() {
  const { data: config } = usePublicConfig()
  const quickStart = [signUpStep(config?.googleEnabled ?? false), ...NEXT_STEPS]
  usePageMeta({
    title: 'Help Center',
    description: 'Get started with Rowcraft: upload a lead list, check the import, add AI columns, ask questions and export.',
  })
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 md:py-16">
      <header className="max-w-2xl">
        <h1 className="text-4xl font-bold tracking-tight">Help Center</h1>
        <p className="mt-3 text-pretty text-muted-foreground">Everything you need to go from a raw list to an enriched export.</p>
      </header>

      <section className="mt-12" aria-labelledby="quick-start-heading">
        <h2 id="quick-start-heading" className="text-2xl font-semibold tracking-tight">Quick start</h2>
        <ol className="mt-6 grid gap-4 md:grid-cols-5">
          {quickStart.map((step, index) => (
            <li key={step.title} className="rounded-xl border bg-card p-5">
              <span className="inline-flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                {index + 1}
              </span>
              <h3 className="mt-3 font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="mt-16" aria-labelledby="help-features-heading">
        <h2 id="help-features-heading" className="text-2xl font-semibold tracking-tight">Features</h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border bg-card p-5">
              <Icon className="size-5 text-primary" aria-hidden="true" />
              <h3 className="mt-3 font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="mt-16" aria-labelledby="help-faq-heading">
        <h2 id="help-faq-heading" className="mb-6 text-2xl font-semibold tracking-tight">Frequently asked questions</h2>
        <FaqAccordion items={HELP_FAQ} />
      </section>

      <p className="mt-12 text-muted-foreground">
        Still stuck?{' '}
        <Link to="/contact" className="font-medium text-primary underline-offset-4 hover:underline">
          Send us a message
        </Link>{' '}
        and we will answer by e-mail.
      </p>
    </div>
  )
}
