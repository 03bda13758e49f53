import { AlertCircleIcon, SearchXIcon } from 'lucide-react'
import { GRID_MESSAGES, UPLOAD_DETAIL_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import { Skeleton } from '#web/components/ui/skeleton'

export function GridSkeleton() {
  return (
    <div className="grid gap-2 rounded-md border p-3" role="status" aria-label={GRID_MESSAGES.loadingRows}>
      <Skeleton className="h-8 w-full" />
      {Array.from({ length: 8 }, (_, index) => (
        <Skeleton key={index} className="h-6 w-full" />
      ))}
    </div>
  )
}

export function GridError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm">
      <span className="flex items-center gap-2">
        <AlertCircleIcon className="size-4 text-destructive" aria-hidden="true" />
        {UPLOAD_DETAIL_MESSAGES.loadRowsFailed}: {message}
      </span>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {UPLOAD_DETAIL_MESSAGES.tryAgain}
      </Button>
    </div>
  )
}

/** Shown inside the grid when the view has no rows: with filters, a way to clear them. */
export function GridEmpty({ hasFilters, onClearFilters }: { hasFilters: boolean; onClearFilters: () => void }) {
  return (
    <div role="row" className="sticky left-0 flex w-full justify-center px-4 py-10">
      <div role="gridcell" className="grid justify-items-center gap-2 text-center text-sm">
        {hasFilters ? (
          <>
            <SearchXIcon className="size-6 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">{GRID_MESSAGES.noRowsMatch}</p>
            <p className="text-muted-foreground">{GRID_MESSAGES.noRowsMatchBody}</p>
            <Button size="sm" variant="outline" onClick={onClearFilters}>
              {GRID_MESSAGES.clearFilters}
            </Button>
          </>
        ) : (
          <p className="text-muted-foreground">{GRID_MESSAGES.noRowsYet}</p>
        )}
      </div>
    </div>
  )
}
