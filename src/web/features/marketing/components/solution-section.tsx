import { PlayCircleIcon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#web/components/ui/button'
import { DemoVideoDialog } from './demo-video-dialog'

/** The solution section (000 §1): the grid as it looks on a phone and on a desktop. */
export function SolutionSection() {
  const [isDemoOpen, setIsDemoOpen] = useState(false)

  return (
    <section className="py-20" aria-labelledby="solution-heading">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <h2 id="solution-heading" className="text-3xl font-bold tracking-tight text-balance">
            From a raw CSV to a list you can act on
          </h2>
          <p className="mt-3 text-pretty text-muted-foreground">
            Rowcraft reads messy exports, shows every row in a fast grid you can sort, filter and edit, and
            keeps AI answers in their own columns beside your data.
          </p>
          <Button size="lg" variant="outline" className="mt-6" onClick={() => setIsDemoOpen(true)}>
            <PlayCircleIcon aria-hidden="true" />
            See Rowcraft Demo
          </Button>
        </div>
        <div className="md:hidden">
          <img
            src="/images/product/grid-mobile.jpg"
            alt="The Rowcraft grid on a phone: a lead list with its AI column, Priority, beside the pinned first column"
            width={375}
            height={740}
            loading="lazy"
            className="mx-auto w-full max-w-xs rounded-2xl border shadow-lg"
          />
        </div>
        <div className="hidden md:block">
          <img
            src="/images/product/ai-grid.jpg"
            alt="The Rowcraft grid on a desktop: a 40-row lead list with an AI column, Priority, filled in beside the notes it was judged from"
            width={1280}
            height={800}
            loading="lazy"
            className="w-full rounded-xl border shadow-lg"
          />
        </div>
      </div>
      <DemoVideoDialog open={isDemoOpen} onOpenChange={setIsDemoOpen} />
    </section>
  )
}
