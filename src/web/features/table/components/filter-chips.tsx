import { XIcon } from 'lucide-react'
import { GRID_MESSAGES } from '#common/messages'
import type { RowFilter } from '#common/schemas/rows'
import type { UploadColumn } from '#common/schemas/uploads'
import { Button } from '#web/components/ui/button'
import { filterChipText } from '../lib/filter-chip'

/** The active-filters chip row: each chip removes its filter; 'Clear filters' removes them all. */
export function FilterChips({ filters, columns, onRemove, onClear }: { filters: RowFilter[]; columns: UploadColumn[]; onRemove: (index: number) => void; onClear: () => void }) {
  if (filters.length === 0) return null
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label="Active filters">
      {filters.map((filter, index) => {
        const text = filterChipText(filter, columns)
        return (
          <li key={`${index}-${text}`} className="flex items-center gap-1 rounded-full border bg-muted py-0.5 pr-1 pl-3 text-xs">
            <span>{text}</span>
            <button
              type="button"
              aria-label={GRID_MESSAGES.removeFilter(text)}
              onClick={() => onRemove(index)}
              className="rounded-full p-0.5 text-muted-foreground hover:bg-background hover:text-foreground"
            >
              <XIcon className="size-3.5" aria-hidden="true" />
            </button>
          </li>
        )
      })}
      <li>
        <Button variant="ghost" size="xs" onClick={onClear}>
          {GRID_MESSAGES.clearFilters}
        </Button>
      </li>
    </ul>
  )
}
