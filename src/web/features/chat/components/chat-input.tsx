import { SendIcon } from 'lucide-react'
import { useState } from 'react'
import { CHAT } from '#common/constants'
import { CHAT_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import { Input } from '#web/components/ui/input'
import { Spinner } from '#web/components/ui/spinner'
import { useRotatingPlaceholder } from '../hooks/use-rotating-placeholder'

/** The question box: Enter sends; nothing goes while an answer is loading or the box is empty (001 §5). */
export function ChatInput({ isLoading, onAsk }: { isLoading: boolean; onAsk: (query: string) => boolean | void }) {
  const [query, setQuery] = useState('')
  const placeholder = useRotatingPlaceholder(query !== '')
  const canSend = !isLoading && query.trim() !== ''

  return (
    <form
      className="flex gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        if (!canSend) return
        if (onAsk(query.trim()) !== false) setQuery('')
      }}
    >
      <Input
        aria-label={CHAT_MESSAGES.inputLabel}
        placeholder={placeholder}
        value={query}
        maxLength={CHAT.maxQueryLength}
        readOnly={isLoading}
        onChange={(event) => setQuery(event.target.value)}
        className="min-w-0 flex-1"
      />
      <Button type="submit" disabled={!canSend} aria-label={isLoading ? CHAT_MESSAGES.thinking : undefined}>
        {isLoading ? <Spinner /> : <SendIcon aria-hidden="true" />}
        <span className="max-sm:sr-only">{CHAT_MESSAGES.send}</span>
      </Button>
    </form>
  )
}
