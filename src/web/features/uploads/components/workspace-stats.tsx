import { DownloadIcon, FileCheck2Icon, SparklesIcon } from 'lucide-react'
import { DASHBOARD_STATS_MESSAGES } from '#common/messages'
import { Card } from '#web/components/ui/card'
import { Skeleton } from '#web/components/ui/skeleton'
import { useWorkspaceStats } from '../api/get-workspace-stats'

/** The home dashboard's three counters, counted on the server from the user's records. */
export function WorkspaceStats() {
  const stats = useWorkspaceStats()
  const items = [
    { label: DASHBOARD_STATS_MESSAGES.filesProcessed, value: stats.data?.filesProcessed, icon: FileCheck2Icon },
    { label: DASHBOARD_STATS_MESSAGES.rowsEnriched, value: stats.data?.rowsEnriched, icon: SparklesIcon },
    { label: DASHBOARD_STATS_MESSAGES.exportsCreated, value: stats.data?.exportsCreated, icon: DownloadIcon },
  ]
  return (
    <section aria-label="Your activity" className="grid gap-3 sm:grid-cols-3">
      {items.map(({ label, value, icon: Icon }) => (
        <Card key={label} className="flex-row items-center gap-3 px-4 py-4">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div className="grid">
            <span className="text-sm text-muted-foreground">{label}</span>
            {stats.isPending ? (
              <Skeleton className="mt-1 h-6 w-12" />
            ) : (
              <span className="text-2xl font-bold tabular-nums" data-testid={`stat-${label}`}>
                {stats.isError ? '–' : (value ?? 0).toLocaleString('en-US')}
              </span>
            )}
          </div>
        </Card>
      ))}
    </section>
  )
}
