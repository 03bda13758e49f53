import { DASHBOARD_LIMITS } from '#common/constants'
import { DASHBOARD_MESSAGES, FILE_STORAGE_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import { Skeleton } from '#web/components/ui/skeleton'
import { useUploads } from '../api/get-uploads'
import { useWorkspaceLiveRefresh } from '../hooks/use-workspace-live-refresh'
import { DashboardEmptyState } from './dashboard-empty-state'
import { FileCard } from './file-card'
import { FileCardSkeleton } from './file-card-skeleton'
import { InsightsCards } from './insights-cards'
import { WorkspaceStats } from './workspace-stats'
import { QuickStart } from './quick-start'
import { useUploadDialog } from './upload-dialog-provider'

const LATEST_FETCHED = DASHBOARD_LIMITS.latestFetched
const LATEST_SHOWN = DASHBOARD_LIMITS.latestShown

/** The files part of the home dashboard: latest projects or the first-run state, and Quick Start. */
export function HomeOverview() {
  const { openUploadDialog } = useUploadDialog()
  const uploads = useUploads({ page: 1, perPage: LATEST_FETCHED })
  useWorkspaceLiveRefresh()

  if (uploads.isPending) return <HomeOverviewSkeleton />

  const files = uploads.data?.data ?? []
  return (
    <>
      <WorkspaceStats />
      {uploads.isError && (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm">
          <span>{FILE_STORAGE_MESSAGES.loadFailed}</span>
          <Button size="sm" variant="outline" onClick={() => void uploads.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {uploads.isSuccess && files.length === 0 && (
        <DashboardEmptyState onUpload={() => openUploadDialog()} onTrySample={() => openUploadDialog({ sample: true })} />
      )}
      {files.length > 0 && (
        <section aria-labelledby="latest-projects-heading" className="grid grid-cols-1 gap-3">
          <h2 id="latest-projects-heading" className="text-lg font-semibold">
            {DASHBOARD_MESSAGES.latestProjects}
          </h2>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {files.slice(0, LATEST_SHOWN).map((upload) => (
              <FileCard key={upload.id} upload={upload} />
            ))}
          </div>
        </section>
      )}
      <QuickStart latestUploadId={files[0]?.id ?? null} />
      <InsightsCards />
    </>
  )
}

function HomeOverviewSkeleton() {
  return (
    <div className="grid gap-6" role="status" aria-label="Loading your files">
      <div className="grid gap-3">
        <Skeleton className="h-6 w-48" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: LATEST_SHOWN }, (_, index) => (
            <FileCardSkeleton key={index} />
          ))}
        </div>
      </div>
      <div className="grid gap-3">
        <Skeleton className="h-6 w-32" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Skeleton className="h-36 rounded-xl" />
          <Skeleton className="h-36 rounded-xl" />
        </div>
      </div>
    </div>
  )
}
