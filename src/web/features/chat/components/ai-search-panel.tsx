import { SparklesIcon } from 'lucide-react'
import { useState } from 'react'
import { CHAT } from '#common/constants'
import { CHAT_MESSAGES } from '#common/messages'
import type { Condition } from '#common/schemas/plans'
import { Button } from '#web/components/ui/button'
import { Input } from '#web/components/ui/input'
import { Spinner } from '#web/components/ui/spinner'
import { useAskChat } from '../api/ask-chat'
import { canShowInTable, searchPanelNotice, type SearchPanelNotice } from '../lib/answer-view'
import { announceAnswer, announceChatError } from '../lib/announce'
import { goToMagicChat } from '../lib/chat-anchor'

type AiSearchPanelProps = {
  uploadId: string
  /** Applies the answer as the grid's AI filter (the route composes it). */
  onApply: (filter: { where: Condition; query: string }) => void
}

/**
 * The AI search panel above the grid (001 §2): the chat's engine (`source: 'search'`, 8 credits);
 * an answer with matching rows becomes the AI filter at once. Any other answer (a figure, a
 * proposed AI column) is in the Magic Chat conversation below, and the panel leads there.
 */
export function AiSearchPanel({ uploadId, onApply }: AiSearchPanelProps) {
  const [query, setQuery] = useState('')
  const [notice, setNotice] = useState<SearchPanelNotice | null>(null)
  const ask = useAskChat(uploadId)
  const canSend = !ask.isPending && query.trim() !== ''

  return (
    <form
      aria-label={CHAT_MESSAGES.searchPanelButton}
      className="grid gap-1.5"
      onSubmit={(event) => {
        event.preventDefault()
        if (!canSend) return
        const asked = query.trim()
        setNotice(null)
        ask.mutate(
          { query: asked, source: 'search' },
          {
            onSuccess: (response) => {
              announceAnswer(response)
              const result = response.answer.result
              if (result && canShowInTable(result) && result.plan?.where) onApply({ where: result.plan.where, query: asked })
              else setNotice(searchPanelNotice(result))
            },
            onError: announceChatError,
          },
        )
      }}
    >
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <SparklesIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-primary" aria-hidden="true" />
          <Input
            aria-label={CHAT_MESSAGES.searchPanelButton}
            placeholder={CHAT_MESSAGES.searchPanelPlaceholder}
            value={query}
            maxLength={CHAT.maxQueryLength}
            readOnly={ask.isPending}
            onChange={(event) => {
              setQuery(event.target.value)
              setNotice(null)
            }}
            className="h-9 pl-8"
          />
        </div>
        <Button type="submit" variant="secondary" disabled={!canSend}>
          {ask.isPending ? <Spinner /> : <SparklesIcon aria-hidden="true" />}
          <span className="max-sm:sr-only">{CHAT_MESSAGES.searchPanelButton}</span>
        </Button>
      </div>
      <p aria-live="polite" className="text-sm text-muted-foreground empty:hidden">
        {ask.isPending ? CHAT_MESSAGES.thinking : (notice?.text ?? '')}
        {!ask.isPending && notice?.toChat ? (
          <>
            {' '}
            <Button type="button" variant="link" className="h-auto p-0" onClick={goToMagicChat}>
              {CHAT_MESSAGES.goToChat}
            </Button>
          </>
        ) : null}
      </p>
    </form>
  )
}
