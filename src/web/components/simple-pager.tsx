import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import { Button } from '#web/components/ui/button'

/** Previous / "Page n of m" / Next, for lists that page on the server. */
export function SimplePager({
  label,
  page,
  totalPages,
  onPageChange,
}: {
  label: string
  page: number
  totalPages: number
  onPageChange: (page: number) => void
}) {
  if (totalPages <= 1) return null
  return (
    <nav aria-label={label} className="flex items-center justify-end gap-2 text-sm">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(Math.max(1, page - 1))}>
        <ChevronLeftIcon aria-hidden="true" />
        Previous
      </Button>
      <span aria-live="polite">
        Page {page} of {totalPages}
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={page >= totalPages}
        onClick={() => onPageChange(Math.min(totalPages, page + 1))}
      >
        Next
        <ChevronRightIcon aria-hidden="true" />
      </Button>
    </nav>
  )
}
