import { FileUpIcon, SlidersHorizontalIcon, DownloadIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { LANDING } from '#common/constants'
import { cn } from '#web/lib/cn'

/** The three-step showcase (000 §3 "Showcase step"): each step with its own screenshot. */
export const SHOWCASE_STEPS = [
  {
    key: 'import',
    icon: FileUpIcon,
    title: 'Import and check',
    description:
      'Drop a CSV or Excel file. Rowcraft finds the header row, the delimiter and the encoding, and asks you when it is unsure.',
    image: '/images/product/upload-dialog.jpg',
    alt: 'The upload dialog asking which line of the file is the header row, with the reasons for its guess',
  },
  {
    key: 'explore',
    icon: SlidersHorizontalIcon,
    title: 'Explore and enrich',
    description:
      'Sort, search and filter every row, edit cells in place, and add columns, including AI columns written as prompts.',
    image: '/images/product/ai-column-dialog.jpg',
    alt: 'The Create AI Column dialog: a Priority column whose prompt names the Company, Title, Employees and Notes columns in braces, answering High, Medium or Low',
  },
  {
    key: 'export',
    icon: DownloadIcon,
    title: 'Process and export',
    description: 'Download all rows, the current view or your selection as CSV, Excel or JSON, ready for your CRM.',
    image: '/images/product/export-menu.jpg',
    alt: 'The export menu offering all rows, the current view or the selection as CSV, Excel or JSON',
  },
] as const

/** Advances every 4 s (000 §4); a hovered or focused step shows its screenshot and holds still. */
export function ShowcaseSection() {
  const [active, setActive] = useState(0)
  const [isHeld, setIsHeld] = useState(false)

  useEffect(() => {
    if (isHeld) return
    const timer = window.setInterval(() => setActive((i) => (i + 1) % SHOWCASE_STEPS.length), LANDING.showcaseRotationMs)
    return () => window.clearInterval(timer)
  }, [isHeld])

  const step = SHOWCASE_STEPS[active]!

  return (
    <section className="border-y bg-muted/40 py-20" aria-labelledby="showcase-heading">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-[2fr_3fr]">
        <div>
          <h2 id="showcase-heading" className="text-3xl font-bold tracking-tight text-balance">
            Know your leads better, in three steps
          </h2>
          <ol className="mt-8 grid gap-3" onMouseLeave={() => setIsHeld(false)}>
            {SHOWCASE_STEPS.map(({ key, icon: Icon, title, description }, index) => (
              <li key={key}>
                <button
                  type="button"
                  data-testid={`showcase-step-${key}`}
                  aria-current={index === active ? 'step' : undefined}
                  onMouseEnter={() => {
                    setActive(index)
                    setIsHeld(true)
                  }}
                  onFocus={() => {
                    setActive(index)
                    setIsHeld(true)
                  }}
                  onBlur={() => setIsHeld(false)}
                  onClick={() => setActive(index)}
                  className={cn(
                    'flex w-full gap-4 rounded-xl border p-4 text-left transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                    index === active ? 'border-primary bg-background shadow-sm' : 'border-transparent hover:bg-background/60',
                  )}
                >
                  <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <span>
                    <span className="block font-semibold">
                      <span className="text-muted-foreground">{index + 1}. </span>
                      {title}
                    </span>
                    <span className="mt-1 block text-sm text-muted-foreground">{description}</span>
                  </span>
                </button>
              </li>
            ))}
          </ol>
        </div>
        <img
          key={step.key}
          data-testid="showcase-image"
          src={step.image}
          alt={step.alt}
          width={1280}
          height={800}
          loading="lazy"
          className="w-full animate-in rounded-xl border bg-background shadow-lg fade-in"
        />
      </div>
    </section>
  )
}
