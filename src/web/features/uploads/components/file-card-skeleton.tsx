import { Card } from '#web/components/ui/card'
import { Skeleton } from '#web/components/ui/skeleton'

export function FileCardSkeleton() {
  return (
    <Card className="gap-3 px-4 py-4" aria-hidden="true">
      <div className="flex items-start gap-3">
        <Skeleton className="size-10 rounded-lg" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-3 w-1/3" />
        </div>
      </div>
      <Skeleton className="h-3 w-1/2" />
    </Card>
  )
}
