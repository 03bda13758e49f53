import { BotIcon, UserIcon } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { CHAT_MESSAGES } from '#common/messages'
import type { ChatMessage } from '#common/schemas/chat'
import { Spinner } from '#web/components/ui/spinner'
import { cn } from '#web/lib/cn'

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })

/** The conversation, oldest first, with each message's time; it follows the newest message. */
export function ChatConversation({ messages, pendingQuery }: { messages: ChatMessage[]; pendingQuery: string | null }) {
  const log = useRef<HTMLOListElement>(null)
  const lastId = messages.at(-1)?.id
  // The log scrolls itself, not the page (scrollIntoView would also move the app shell).
  useEffect(() => {
    if (log.current) log.current.scrollTop = log.current.scrollHeight
  }, [lastId, pendingQuery])

  if (messages.length === 0 && !pendingQuery) return null
  return (
    <ol ref={log} role="log" aria-label={CHAT_MESSAGES.conversationLabel} className="grid max-h-80 gap-2 overflow-y-auto rounded-md border bg-muted/30 p-3">
      {messages.map((message) => (
        <li key={message.id} className={cn('flex gap-2', message.type === 'user' && 'flex-row-reverse')}>
          <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-background text-muted-foreground">
            {message.type === 'user' ? <UserIcon className="size-3.5" aria-hidden="true" /> : <BotIcon className="size-3.5" aria-hidden="true" />}
          </span>
          <div
            className={cn(
              'grid max-w-[85%] gap-0.5 rounded-lg px-3 py-1.5 text-sm',
              message.type === 'user' ? 'bg-primary text-primary-foreground' : 'bg-background',
              message.isError && 'border border-destructive/40 text-destructive',
            )}
          >
            <span className="sr-only">{message.type === 'user' ? CHAT_MESSAGES.youSaid : CHAT_MESSAGES.aiSaid}</span>
            <p className="break-words whitespace-pre-wrap">{message.content}</p>
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
