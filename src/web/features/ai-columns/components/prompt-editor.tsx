import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { AI_COLUMN_MESSAGES } from '#common/messages'
import { Textarea } from '#web/components/ui/textarea'
import { cn } from '#web/lib/cn'
import { activeMention, filterColumnNames, insertMention, type ActiveMention } from '../lib/prompt-mentions'

type PromptEditorProps = {
  id: string
  value: string
  onChange: (value: string) => void
  columnNames: string[]
  describedBy?: string
  isInvalid?: boolean
}

/**
 * The prompt box (001 §5): typing `@` lists the columns filtered by the text after it; arrow keys
 * move, Enter, Tab or a click insert `{Column Name}`; Escape or a space closes the list.
 */
export function PromptEditor({ id, value, onChange, columnNames, describedBy, isInvalid }: PromptEditorProps) {
  const ref = useRef<HTMLTextAreaElement>(null)
  const listId = useId()
  const [mention, setMention] = useState<ActiveMention | null>(null)
  const [activeIndex, setActiveIndex] = useState(0)
  const options = mention ? filterColumnNames(columnNames, mention.query) : []
  const isOpen = mention !== null

  const readMention = (text: string, caret: number) => {
    const next = activeMention(text, caret)
    setMention(next)
    if (next?.query !== mention?.query || (next === null) !== (mention === null)) setActiveIndex(0)
  }

  // The caret goes after an inserted column as soon as the new text is on screen, before the next
  // key is handled: set later (on the next frame), it could land behind what was typed meanwhile.
  const pendingCaret = useRef<number | null>(null)
  useLayoutEffect(() => {
    const caret = pendingCaret.current
    if (caret === null || !ref.current) return
    pendingCaret.current = null
    ref.current.focus()
    ref.current.setSelectionRange(caret, caret)
  })

  const choose = (name: string) => {
    if (!mention) return
    const inserted = insertMention(value, mention, name)
    pendingCaret.current = inserted.caret
    onChange(inserted.text)
    setMention(null)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isOpen) return
    if (event.key === 'Escape') {
      // Closes the list, not the dialog.
      event.preventDefault()
      event.stopPropagation()
      setMention(null)
      return
    }
    if (options.length === 0) return
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActiveIndex((index) => (index + step + options.length) % options.length)
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault()
      const name = options[Math.min(activeIndex, options.length - 1)]
      if (name) choose(name)
    }
  }

  const optionId = (index: number) => `${listId}-option-${index}`

  return (
    <div className="relative">
      <Textarea
        ref={ref}
        id={id}
        rows={5}
        value={value}
        placeholder={AI_COLUMN_MESSAGES.promptPlaceholder}
        aria-describedby={describedBy}
        aria-invalid={isInvalid || undefined}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isOpen}
        aria-controls={isOpen ? listId : undefined}
        aria-activedescendant={isOpen && options.length > 0 ? optionId(Math.min(activeIndex, options.length - 1)) : undefined}
        className="min-h-28 resize-y"
        onChange={(event) => {
          onChange(event.target.value)
          readMention(event.target.value, event.target.selectionStart)
        }}
        onKeyDown={onKeyDown}
        onKeyUp={(event) => {
          if (event.key === 'ArrowLeft' || event.key === 'ArrowRight' || event.key === 'Home' || event.key === 'End') readMention(value, event.currentTarget.selectionStart)
        }}
        onClick={(event) => readMention(value, event.currentTarget.selectionStart)}
        onBlur={() => setMention(null)}
      />
      {isOpen && (
        <ul
          id={listId}
          role="listbox"
          aria-label={AI_COLUMN_MESSAGES.suggestionsLabel}
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-48 overflow-y-auto rounded-md border bg-popover p-1 text-sm shadow-md"
        >
          {options.length === 0 && <li className="px-2 py-1.5 text-muted-foreground">{AI_COLUMN_MESSAGES.noColumnMatches}</li>}
          {options.map((name, index) => (
            <li
              key={name}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              // mousedown, not click: the textarea must not lose its caret first.
              onMouseDown={(event) => {
                event.preventDefault()
                choose(name)
              }}
              onMouseEnter={() => setActiveIndex(index)}
              className={cn('cursor-pointer truncate rounded-sm px-2 py-1.5', index === activeIndex && 'bg-accent text-accent-foreground')}
            >
              {name}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
