import { AlertCircleIcon, SparklesIcon, Trash2Icon } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { CHAT_MESSAGES } from '#common/messages'
import type { Condition } from '#common/schemas/plans'
import type { UploadDetail } from '#common/schemas/uploads'
import { Button } from '#web/components/ui/button'
import { Card } from '#web/components/ui/card'
import { Skeleton } from '#web/components/ui/skeleton'
import { useAskChat } from '../api/ask-chat'
import { useClearChat } from '../api/clear-chat'
import { useChatThread } from '../api/get-chat-thread'
import { useExplainerDismissed } from '../hooks/use-explainer-dismissed'
import type { AiColumnWatch } from '../lib/ai-column-progress'
import { latestAnswer } from '../lib/answer-view'
import { announceAnswer, announceChatError } from '../lib/announce'
import { MAGIC_CHAT_HEADING_ID } from '../lib/chat-anchor'
import { ChatAnswerCard } from './chat-answer-card'
import { ChatConversation } from './chat-conversation'
import { ChatExplainer } from './chat-explainer'
import { ChatInput } from './chat-input'
import { JudgmentCard } from './judgment-card'

export type MagicChatProps = {
  upload: UploadDetail
  /** 'Show in table': the route applies the answer's condition as the grid's AI filter. */
  onShowInTable: (filter: { where: Condition; query: string }) => void
  /** The AI columns a judgment answer proposes, watched through the AI columns feature (the route passes it). */
  aiColumns: AiColumnWatch
}

/**
 * Magic Chat (001 §2, §4, §5; issue 22): questions about this file answered by computing over every
 * row. The conversation is the server's (it survives a reload), each answer with its figure; the
 * latest answer, or one picked in the conversation, is shown in full.
 */
export function MagicChat({ upload, onShowInTable, aiColumns }: MagicChatProps) {
  const thread = useChatThread(upload.id)
  const ask = useAskChat(upload.id)
  const clear = useClearChat(upload.id)
  const explainer = useExplainerDismissed()
  const messages = thread.data?.messages ?? []
  // The card shows the answer picked in the conversation, else the latest; a new answer shows itself.
  const [pick, setPick] = useState<{ id: string; latestId: string | null } | null>(null)
  const latest = latestAnswer(messages)
  const picked = pick && pick.latestId === (latest?.id ?? null) ? messages.find((message) => message.id === pick.id && message.type === 'ai' && message.result) : undefined
  const shown = (picked as typeof latest | undefined) ?? latest
  const columnNames = upload.columns.filter((column) => !column.hidden).map((column) => column.name)

  const onAsk = (query: string) => {
    if (ask.isPending) return false
    explainer.dismiss()
    ask.mutate({ query, source: 'chat' }, { onSuccess: announceAnswer, onError: announceChatError })
  }

  return (
    <section aria-labelledby={MAGIC_CHAT_HEADING_ID} className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <h2 id={MAGIC_CHAT_HEADING_ID} tabIndex={-1} className="flex items-center gap-2 text-lg font-semibold outline-none">
            <SparklesIcon className="size-4 text-primary" aria-hidden="true" />
            {CHAT_MESSAGES.title}
          </h2>
          <p className="text-sm text-muted-foreground">{CHAT_MESSAGES.subtitle}</p>
        </div>
        {messages.length > 0 && (
          <Button
            variant="ghost"
            size="sm"
            disabled={clear.isPending || ask.isPending}
            onClick={() =>
              clear.mutate(undefined, {
                onSuccess: () => toast.success(CHAT_MESSAGES.cleared),
                onError: (error) => announceChatError(error),
              })
            }
          >
            <Trash2Icon aria-hidden="true" />
            {CHAT_MESSAGES.clear}
          </Button>
        )}
      </div>

      {!explainer.isDismissed && <ChatExplainer onDismiss={explainer.dismiss} />}

      {thread.isPending && <Skeleton className="h-24 rounded-md" aria-label={CHAT_MESSAGES.loading} />}
      {thread.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-2 rounded-md border border-destructive/40 px-3 py-2 text-sm">
          <AlertCircleIcon className="size-4 text-destructive" aria-hidden="true" />
          <span>{CHAT_MESSAGES.loadFailed}</span>
          <Button size="sm" variant="outline" onClick={() => void thread.refetch()}>
            {CHAT_MESSAGES.retry}
          </Button>
        </div>
      )}

      <ChatConversation
        messages={messages}
        pendingQuery={ask.isPending ? ask.variables.query : null}
        shownAnswerId={shown?.id ?? null}
        onShowAnswer={(id) => setPick({ id, latestId: latest?.id ?? null })}
      />

      {shown &&
        (shown.result.result_type === 'judgment_proposal' && shown.result.judgment && !shown.result.judgment.answered ? (
          <JudgmentCard key={shown.id} uploadId={upload.id} message={shown} aiColumns={aiColumns} />
        ) : (
          <ChatAnswerCard key={shown.id} uploadId={upload.id} message={shown} columnNames={columnNames} onShowInTable={onShowInTable} />
        ))}

      <Card className="px-3 py-3">
        <ChatInput isLoading={ask.isPending} onAsk={onAsk} />
      </Card>
    </section>
  )
}
