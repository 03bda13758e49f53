import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import { PAGE_SIZES } from '#common/constants'
import { GRID_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import { Label } from '#web/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select'
import { Switch } from '#web/components/ui/switch'
import { pageWindow } from '../lib/page-window'

type GridFooterProps = {
  page: number
  totalPages: number
  hasNext: boolean
  /** False past the server's count cap: the pager says 'of many'. */
  isLastPageKnown: boolean
  perPage: number
  isContinuous: boolean
  onPageChange: (page: number) => void
  onPerPageChange: (perPage: number) => void
  onContinuousChange: (isContinuous: boolean) => void
}

/** Paging (10/25/50/100, up to 5 page numbers) or continuous scroll (001 §2, §9). */
export function GridFooter({ page, totalPages, hasNext, isLastPageKnown, perPage, isContinuous, onPageChange, onPerPageChange, onContinuousChange }: GridFooterProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <div className="flex flex-wrap items-center gap-4">
        {!isContinuous && (
          <div className="flex items-center gap-2">
            <Label htmlFor="grid-page-size" className="font-normal text-muted-foreground">
              {GRID_MESSAGES.rowsPerPage}
            </Label>
            <Select value={String(perPage)} onValueChange={(value) => onPerPageChange(Number(value))}>
              <SelectTrigger id="grid-page-size" size="sm" className="w-20">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {PAGE_SIZES.map((size) => (
                  <SelectItem key={size} value={String(size)}>
                    {size}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        )}
        <div className="flex items-center gap-2">
          <Switch id="grid-continuous" checked={isContinuous} onCheckedChange={onContinuousChange} />
          <Label htmlFor="grid-continuous" className="font-normal text-muted-foreground">
            {GRID_MESSAGES.continuousScroll}
          </Label>
        </div>
      </div>
      {!isContinuous && totalPages > 1 && (
        <nav aria-label={GRID_MESSAGES.pagination} className="flex flex-wrap items-center gap-1">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            <ChevronLeftIcon aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">{GRID_MESSAGES.previous}</span>
          </Button>
          {pageWindow(page, totalPages).map((number) => (
            <Button
              key={number}
              variant={number === page ? 'default' : 'ghost'}
              size="sm"
              className="min-w-8 tabular-nums"
              aria-label={GRID_MESSAGES.goToPage(number)}
              aria-current={number === page ? 'page' : undefined}
              onClick={() => onPageChange(number)}
            >
              {number}
            </Button>
          ))}
          <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => onPageChange(page + 1)}>
            <span className="sr-only sm:not-sr-only">{GRID_MESSAGES.next}</span>
            <ChevronRightIcon aria-hidden="true" />
          </Button>
          <span className="ml-2 text-muted-foreground" aria-live="polite">
            {isLastPageKnown ? GRID_MESSAGES.pageOf(page, totalPages) : GRID_MESSAGES.pageOfMany(page)}
          </span>
        </nav>
      )}
    </div>
  )
}
