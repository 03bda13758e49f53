import { FileSpreadsheetIcon, SearchIcon } from 'lucide-react'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { SEARCH } from '#common/constants'
import { GLOBAL_SEARCH_MESSAGES } from '#common/messages'
import type { SearchHit } from '#common/schemas/search'
import { Input } from '#web/components/ui/input'
import { Spinner } from '#web/components/ui/spinner'
import { useDebouncedValue } from '#web/hooks/use-debounced-value'
import { cn } from '#web/lib/cn'
import { useSearchRows } from '../api/search-rows'
import { GLOBAL_SEARCH_INPUT_ID, isFocusSearchState } from '../lib/search-shortcut'

/**
 * The home dashboard's search over every row of the user's files (001 §2 "Global search"): hits
 * as the user types (300 ms after the last key), chosen with the mouse or with the arrow keys and
 * Enter, each opening its file with the row highlighted on whatever page it is. Failures are
 * logged only (001 §8).
 */
export function GlobalSearch() {
  const [input, setInput] = useState('')
  const [isOpen, setIsOpen] = useState(false)
  // The highlighted hit, for the hits it was chosen among: new hits start with none.
  const [activeIn, setActiveIn] = useState<{ hits: unknown; index: number }>({ hits: null, index: -1 })
  const settled = useDebouncedValue(input.trim(), SEARCH.debounceMs)
  const search = useSearchRows(settled)
  const navigate = useNavigate()
  const inputRef = useRef<HTMLInputElement>(null)
  const listId = useId()
  useFocusFromNavigation(inputRef)

  useEffect(() => {
    if (search.isError) console.error('Global search failed', search.error)
  }, [search.isError, search.error])

  const term = input.trim()
  const hits = term === '' || search.isError ? [] : (search.data?.hits ?? [])
  const isPending = term !== '' && (term !== settled || search.isFetching)
  const isAnswered = term !== '' && !isPending && search.isSuccess && search.data.hits.length === 0
  const isShown = isOpen && term !== '' && (hits.length > 0 || isPending || isAnswered)

  const active = activeIn.hits === search.data ? activeIn.index : -1
  const setActive = (index: number) => setActiveIn({ hits: search.data, index })

  const choose = (hit: SearchHit) => {
    setIsOpen(false)
    void navigate(`/dashboard/${hit.uploadId}`, { state: { highlightRowIndex: hit.rowIndex } })
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      if (isShown) event.preventDefault()
      setIsOpen(false)
      return
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setIsOpen(true)
      if (hits.length === 0) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive(active < 0 ? (step > 0 ? 0 : hits.length - 1) : (active + step + hits.length) % hits.length)
      return
    }
    if (event.key === 'Enter') {
      const hit = hits[active] ?? (hits.length > 0 && !isPending ? hits[0] : undefined)
      if (!hit) return
      event.preventDefault()
      choose(hit)
    }
  }

  const optionId = (index: number) => `${listId}-option-${index}`

  return (
    <section aria-label={GLOBAL_SEARCH_MESSAGES.label} className="relative z-20">
      <div className="relative">
        <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          ref={inputRef}
          id={GLOBAL_SEARCH_INPUT_ID}
          type="search"
          role="combobox"
          aria-label={GLOBAL_SEARCH_MESSAGES.label}
          aria-expanded={isShown}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={isShown && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          placeholder={GLOBAL_SEARCH_MESSAGES.placeholder}
          value={input}
          maxLength={SEARCH.termMaxLength}
          onChange={(event) => {
            setInput(event.target.value)
            setIsOpen(true)
          }}
          onFocus={() => setIsOpen(true)}
          onBlur={() => setIsOpen(false)}
          onKeyDown={onKeyDown}
          className="h-11 bg-background pr-16 pl-9 text-base md:text-sm [&::-webkit-search-cancel-button]:hidden"
        />
        <kbd className="pointer-events-none absolute top-1/2 right-3 hidden -translate-y-1/2 rounded border bg-muted px-1.5 font-mono text-[11px] text-muted-foreground sm:inline-block">
          {GLOBAL_SEARCH_MESSAGES.shortcutHint}
        </kbd>
      </div>
      <div
        className={cn(
          'absolute inset-x-0 top-full z-50 mt-1 max-h-[min(28rem,70vh)] overflow-y-auto rounded-md border bg-popover text-popover-foreground shadow-lg',
          !isShown && 'hidden',
        )}
      >
        {hits.length > 0 && (
          <ul id={listId} role="listbox" aria-label={GLOBAL_SEARCH_MESSAGES.label} className="divide-y">
            {hits.map((hit, index) => (
              <li
                key={`${hit.uploadId}:${hit.rowIndex}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                // Keeps the focus in the box, so the click is not lost to its blur.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => choose(hit)}
                className={cn('cursor-pointer px-3 py-2.5', index === active && 'bg-accent text-accent-foreground')}
              >
                <SearchHitView hit={hit} termLength={settled.length} />
              </li>
            ))}
          </ul>
        )}
        {hits.length === 0 && isPending && (
          <p role="status" className="flex items-center gap-2 px-3 py-3 text-sm text-muted-foreground">
            <Spinner aria-hidden="true" />
            {GLOBAL_SEARCH_MESSAGES.searching}
          </p>
        )}
        {hits.length === 0 && isAnswered && (
          <p role="status" className="px-3 py-3 text-sm text-muted-foreground">
            {GLOBAL_SEARCH_MESSAGES.noResults(settled)}
          </p>
        )}
      </div>
    </section>
  )
}

function SearchHitView({ hit, termLength }: { hit: SearchHit; termLength: number }) {
  const { value } = hit.field
  const end = Math.min(value.length, hit.matchAt + termLength)
  return (
    <div className="grid min-w-0 gap-1">
      <p className="text-sm font-medium break-words">
        {value.slice(0, hit.matchAt)}
        <mark className="rounded-sm bg-amber-200/70 px-0.5 text-inherit dark:bg-amber-500/30">{value.slice(hit.matchAt, end)}</mark>
        {value.slice(end)}
      </p>
      <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-muted-foreground">
        <span className="inline-flex min-w-0 items-center gap-1">
          <FileSpreadsheetIcon aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="truncate">{hit.fileName}</span>
        </span>
        <span aria-hidden="true">·</span>
        <span>{hit.field.name}</span>
        <span aria-hidden="true">·</span>
        <span>{GLOBAL_SEARCH_MESSAGES.rowLabel(hit.rowIndex + 1)}</span>
      </p>
      {hit.context.length > 0 && (
        <p className="truncate text-xs text-muted-foreground">
          {hit.context.map((field, index) => (
            <span key={field.key}>
              {index > 0 && <span aria-hidden="true"> · </span>}
              <span className="font-medium">{field.name}:</span> {field.value}
            </span>
          ))}
        </p>
      )}
    </div>
  )
}

/** Focuses the box when Ctrl/Cmd+K brought the user here from another page. */
function useFocusFromNavigation(inputRef: React.RefObject<HTMLInputElement | null>) {
  const location = useLocation()
  const focusedFor = useRef<string | null>(null)
  useEffect(() => {
    if (!isFocusSearchState(location.state) || focusedFor.current === location.key) return
    focusedFor.current = location.key
    inputRef.current?.focus()
  }, [location.state, location.key, inputRef])
}
