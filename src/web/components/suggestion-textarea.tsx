import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { Textarea } from '#web/components/ui/textarea'
import { cn } from '#web/lib/cn'

/** One choice of the list: what it shows, and the text that replaces the typed part. */
export type Suggestion = {
  key: string
  label: string
  /** A second line (a function's signature and what it does). */
  detail?: string
  insert: string
  /** Where the caret goes inside `insert` (its end when unset): after `(` of a function. */
  caret?: number
}

/** What the caret is in: the text to replace (`start` to `end`) and the choices for it; null for no list. */
export type SuggestionRange = { start: number; end: number; options: Suggestion[] }

type SuggestionTextareaProps = {
  id: string
  value: string
  onChange: (value: string) => void
  /** The list for the text and caret, or null (no `@` or `{` being typed, say). */
  suggest: (text: string, caret: number) => SuggestionRange | null
  listLabel: string
  /** Said when the caret is in a place that has a list but nothing matches. */
  emptyText: string
  placeholder?: string
  describedBy?: string
  isInvalid?: boolean
  rows?: number
  className?: string
  spellCheck?: boolean
}

/**
 * A text box that offers choices for what is being typed (the prompt's `@` columns, a formula's
 * `{` columns and function names): arrow keys move, Enter, Tab or a click insert, Escape closes
 * the list (and only the list, not a dialog around it).
 */
export function SuggestionTextarea({
  id,
  value,
  onChange,
  suggest,
  listLabel,
  emptyText,
  placeholder,
  describedBy,
  isInvalid,
  rows = 5,
  className,
  spellCheck,
}: SuggestionTextareaProps) {
  const ref = useRef<HTMLTextAreaElement>(null)
  const listId = useId()
  const [range, setRange] = useState<SuggestionRange | null>(null)
  const [activeIndex, setActiveIndex] = useState(0)
  const options = range?.options ?? []
  const isOpen = range !== null
  const current = Math.min(activeIndex, options.length - 1)

  const read = (text: string, caret: number) => {
    const next = suggest(text, caret)
    setRange(next)
    // A new place or a new typed part starts at the top of the list.
    const typed = (r: SuggestionRange | null) => (r ? `${r.start}:${text.slice(r.start, r.end)}` : null)
    if (typed(next) !== typed(range)) setActiveIndex(0)
  }

  // The caret goes after an inserted choice as soon as the new text is on screen, before the next
  // key is handled: set later (on the next frame), it could land behind what was typed meanwhile.
  const pendingCaret = useRef<number | null>(null)
  useLayoutEffect(() => {
    const caret = pendingCaret.current
    if (caret === null || !ref.current) return
    pendingCaret.current = null
    ref.current.focus()
    ref.current.setSelectionRange(caret, caret)
  })

  const choose = (option: Suggestion) => {
    if (!range) return
    pendingCaret.current = range.start + (option.caret ?? option.insert.length)
    onChange(value.slice(0, range.start) + option.insert + value.slice(range.end))
    setRange(null)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isOpen) return
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      setRange(null)
      return
    }
    if (options.length === 0) return
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActiveIndex((index) => (index + step + options.length) % options.length)
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault()
      const option = options[current]
      if (option) choose(option)
    }
  }

  const optionId = (index: number) => `${listId}-option-${index}`

  return (
    <div className="relative">
      <Textarea
        ref={ref}
        id={id}
        rows={rows}
        value={value}
        placeholder={placeholder}
        spellCheck={spellCheck}
        aria-describedby={describedBy}
        aria-invalid={isInvalid || undefined}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isOpen}
        aria-controls={isOpen ? listId : undefined}
        aria-activedescendant={isOpen && options.length > 0 ? optionId(current) : undefined}
        className={cn('min-h-28 resize-y', className)}
        onChange={(event) => {
          onChange(event.target.value)
          read(event.target.value, event.target.selectionStart)
        }}
        onKeyDown={onKeyDown}
        onKeyUp={(event) => {
          if (event.key === 'ArrowLeft' || event.key === 'ArrowRight' || event.key === 'Home' || event.key === 'End') read(value, event.currentTarget.selectionStart)
        }}
        onClick={(event) => read(value, event.currentTarget.selectionStart)}
        onBlur={() => setRange(null)}
      />
      {isOpen && (
        <ul
          id={listId}
          role="listbox"
          aria-label={listLabel}
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-56 overflow-y-auto rounded-md border bg-popover p-1 text-sm shadow-md"
        >
          {options.length === 0 && <li className="px-2 py-1.5 text-muted-foreground">{emptyText}</li>}
          {options.map((option, index) => (
            <li
              key={option.key}
              id={optionId(index)}
              role="option"
              aria-selected={index === current}
              // mousedown, not click: the textarea must not lose its caret first.
              onMouseDown={(event) => {
                event.preventDefault()
                choose(option)
              }}
              onMouseEnter={() => setActiveIndex(index)}
              className={cn('cursor-pointer rounded-sm px-2 py-1.5', index === current && 'bg-accent text-accent-foreground')}
            >
              <span className="block truncate">{option.label}</span>
              {option.detail && <span className="line-clamp-2 text-xs text-muted-foreground">{option.detail}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
