import { BotIcon, UserIcon } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { CHAT_MESSAGES } from '#common/messages'
import type { ChatMessage, ChatResult } from '#common/schemas/chat'
import { Button } from '#web/components/ui/button'
import { Spinner } from '#web/components/ui/spinner'
import { cn } from '#web/lib/cn'
import { answerHeadline } from '../lib/answer-view'

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })

type ChatConversationProps = {
  messages: ChatMessage[]
  pendingQuery: string | null
  /** The answer the card below shows; every other answer offers to be shown there (issue 30 §5). */
  shownAnswerId: string | null
  onShowAnswer: (messageId: string) => void
}

/**
 * The conversation, oldest first, with each message's time; it follows the newest message. An
 * answer carries its figure, and any answer can be opened in the card below, so the whole
 * conversation reads after a reload, not only the latest answer.
 */
export function ChatConversation({ messages, pendingQuery, shownAnswerId, onShowAnswer }: ChatConversationProps) {
  const log = useRef<HTMLOListElement>(null)
  const lastId = messages.at(-1)?.id
  // The log scrolls itself, not the page (scrollIntoView would also move the app shell).
  useEffect(() => {
    if (log.current) log.current.scrollTop = log.current.scrollHeight
  }, [lastId, pendingQuery])

  if (messages.length === 0 && !pendingQuery) return null
  return (
    // `relative`: the visually hidden labels are placed in the log, which clips them, not in the page below it (issue 30 §7).
    <ol ref={log} role="log" aria-label={CHAT_MESSAGES.conversationLabel} className="relative grid max-h-96 gap-2 overflow-y-auto rounded-md border bg-muted/30 p-3">
      {messages.map((message) => (
        <li key={message.id} className={cn('flex gap-2', message.type === 'user' && 'flex-row-reverse')}>
          <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-background text-muted-foreground">
            {message.type === 'user' ? <UserIcon className="size-3.5" aria-hidden="true" /> : <BotIcon className="size-3.5" aria-hidden="true" />}
          </span>
          <div
            className={cn(
              'relative grid max-w-[85%] gap-0.5 rounded-lg px-3 py-1.5 text-sm',
              message.type === 'user' ? 'bg-primary text-primary-foreground' : 'bg-background',
              message.isError && 'border border-destructive/40 text-destructive',
            )}
          >
            <span className="sr-only">{message.type === 'user' ? CHAT_MESSAGES.youSaid : CHAT_MESSAGES.aiSaid}</span>
            <p className="break-words whitespace-pre-wrap">{message.content}</p>
            {message.type === 'ai' && message.result && message.result.result_type !== 'judgment_proposal' && (
              <AnswerLine result={message.result} isShown={message.id === shownAnswerId} onShow={() => onShowAnswer(message.id)} />
            )}
            <time dateTime={message.timestamp} className={cn('text-[11px]', message.type === 'user' ? 'text-primary-foreground/70' : 'text-muted-foreground')}>
              {timeOf(message.timestamp)}
            </time>
          </div>
        </li>
      ))}
      {pendingQuery && (
        <>
          <li className="flex flex-row-reverse gap-2">
            <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-background text-muted-foreground">
              <UserIcon className="size-3.5" aria-hidden="true" />
            </span>
            <p className="max-w-[85%] rounded-lg bg-primary px-3 py-1.5 text-sm break-words text-primary-foreground opacity-80">{pendingQuery}</p>
          </li>
          <li className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Spinner />
            {CHAT_MESSAGES.thinking}
          </li>
        </>
      )}
    </ol>
  )
}

/** An answer's figure in the conversation, and the button that opens it in the card below. */
function AnswerLine({ result, isShown, onShow }: { result: ChatResult; isShown: boolean; onShow: () => void }) {
  const headline = answerHeadline(result)
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 border-t pt-1 text-xs">
      <span className="min-w-0 text-muted-foreground">
        <span className="font-semibold text-foreground tabular-nums">{headline.figure}</span> {headline.line}
      </span>
      {isShown ? (
        <span className="text-muted-foreground">{CHAT_MESSAGES.answerShown}</span>
      ) : (
        <Button variant="link" size="sm" className="h-auto p-0 text-xs" onClick={onShow} aria-label={CHAT_MESSAGES.showAnswerLabel(result.query)}>
          {CHAT_MESSAGES.showAnswer}
        </Button>
      )}
    </div>
  )
}
