import { SearchIcon, XIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { GRID_MESSAGES } from '#common/messages'
import { Input } from '#web/components/ui/input'

/** The toolbar row: the server-side search box, then the menus; it wraps on narrow screens. */
export function GridToolbar({ search, onSearchChange, children }: { search: string; onSearchChange: (value: string) => void; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="relative min-w-48 flex-1 sm:max-w-sm">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          type="search"
          aria-label={GRID_MESSAGES.searchLabel}
          placeholder={GRID_MESSAGES.searchPlaceholder}
          value={search}
          maxLength={200}
          onChange={(event) => onSearchChange(event.target.value)}
          className="h-8 pr-8 pl-8 [&::-webkit-search-cancel-button]:hidden"
        />
        {search && (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => onSearchChange('')}
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-0.5 text-muted-foreground hover:text-foreground"
          >
            <XIcon className="size-3.5" aria-hidden="true" />
          </button>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">{children}</div>
    </div>
  )
}
