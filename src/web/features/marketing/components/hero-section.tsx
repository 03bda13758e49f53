import { ArrowRightIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { TRIAL } from '#common/constants'
import { Button } from '#web/components/ui/button'
import { authClient } from '#web/lib/auth-client'
import { EnrichedTablePreview } from './enriched-table-preview'

type HeroSectionProps = {
  /** The drag-and-drop CSV box (000 §2), supplied by the route from the uploads feature. */
  uploadBox?: ReactNode
}

export function HeroSection({ uploadBox }: HeroSectionProps) {
  const { data: session } = authClient.useSession()

  return (
    <section className="relative overflow-hidden border-b bg-gradient-to-b from-primary/5 to-background">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2">
        <div className="grid gap-6">
          <p className="w-fit rounded-full border bg-background px-3 py-1 text-xs font-medium text-muted-foreground">
            Open source · self-hostable
          </p>
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            Enrich your lead lists with AI, one column at a time
          </h1>
          <p className="max-w-xl text-lg text-pretty text-muted-foreground">
            Upload a CSV, describe the columns you need in plain language, and watch Rowcraft
            research, score and tag every row. Then ask your table questions and export the result.
          </p>
          {uploadBox}
          <div className="flex flex-wrap items-center gap-3">
            {session ? (
              <Button size="lg" asChild>
                <Link to="/dashboard">
                  Go to dashboard
                  <ArrowRightIcon aria-hidden="true" />
                </Link>
              </Button>
            ) : (
              <Button size="lg" asChild>
                <Link to="/?mode=signup">
                  Get started
                  <ArrowRightIcon aria-hidden="true" />
                </Link>
              </Button>
            )}
            <Button size="lg" variant="outline" asChild>
              <Link to="/#pricing">See pricing</Link>
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">
            {TRIAL.days}-day free trial · {TRIAL.credits.toLocaleString('en-US')} credits included
          </p>
        </div>
        <EnrichedTablePreview />
      </div>
    </section>
  )
}
