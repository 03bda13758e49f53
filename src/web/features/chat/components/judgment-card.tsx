import { SparklesIcon } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { CHAT_MESSAGES } from '#common/messages'
import type { ChatMessage, ChatResult } from '#common/schemas/chat'
import { Button } from '#web/components/ui/button'
import { Card } from '#web/components/ui/card'
import { Progress } from '#web/components/ui/progress'
import { Spinner } from '#web/components/ui/spinner'
import { useAnswerFromJudgment } from '../api/answer-from-judgment'
import { useCreateJudgmentColumn } from '../api/create-judgment-column'
import { progressPercent, type AiColumnWatch } from '../lib/ai-column-progress'
import { announceChatError } from '../lib/announce'

type JudgmentCardProps = {
  uploadId: string
  message: ChatMessage & { result: ChatResult }
  aiColumns: AiColumnWatch
}

/**
 * A question that needs judgment per row (issue 22): the AI column that would decide it for every
 * row, its estimate, one click to make and run it, its progress, then the answer from the column.
 */
export function JudgmentCard({ uploadId, message, aiColumns }: JudgmentCardProps) {
  const judgment = message.result.judgment!
  const create = useCreateJudgmentColumn(uploadId)
  const answer = useAnswerFromJudgment(uploadId)
  const progress = judgment.fieldId ? aiColumns.progressOf(judgment.fieldId) : null
  const isComplete = progress?.status === 'completed'
  const asked = useRef(false)

  const { mutate: answerNow } = answer
  useEffect(() => {
    if (!isComplete || judgment.answered || asked.current) return
    asked.current = true
    answerNow(message.id, {
      onError: announceChatError,
    })
  }, [isComplete, judgment.answered, answerNow, message.id])

  return (
    <Card aria-labelledby={`judgment-${message.id}`} className="gap-3 px-4 py-4">
      <div className="flex items-start gap-2">
        <SparklesIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <div className="grid gap-1">
          <p id={`judgment-${message.id}`} className="font-medium">
            {CHAT_MESSAGES.judgmentTitle}
          </p>
          <p className="text-sm text-muted-foreground">{CHAT_MESSAGES.judgmentLead}</p>
        </div>
      </div>
      <dl className="grid gap-1 rounded-md border bg-muted/40 px-3 py-2 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-muted-foreground">{CHAT_MESSAGES.judgmentColumn}</dt>
          <dd className="font-medium">{judgment.columnName}</dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-muted-foreground">{CHAT_MESSAGES.judgmentEstimateLabel}</dt>
          <dd className="tabular-nums">{CHAT_MESSAGES.judgmentEstimate(judgment.estimatedCredits, judgment.rows, judgment.calls)}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">{CHAT_MESSAGES.judgmentPrompt}</dt>
          <dd className="break-words whitespace-pre-wrap">{judgment.prompt}</dd>
        </div>
      </dl>

      {!judgment.fieldId && (
        <Button
          className="justify-self-start"
          disabled={create.isPending}
          onClick={() =>
            create.mutate(message.id, {
              onSuccess: () => aiColumns.refresh(),
              onError: announceChatError,
            })
          }
        >
          {create.isPending ? <Spinner /> : <SparklesIcon aria-hidden="true" />}
          {CHAT_MESSAGES.createJudgmentColumn(judgment.columnName)}
        </Button>
      )}

      {judgment.fieldId && (
        <div className="grid gap-1.5" role="status" aria-live="polite">
          <p className="text-sm">{answer.isPending || isComplete ? CHAT_MESSAGES.thinking : CHAT_MESSAGES.judgmentRunning(judgment.columnName)}</p>
          <Progress value={isComplete ? 100 : progressPercent(progress)} aria-label={CHAT_MESSAGES.judgmentProgressLabel(judgment.columnName)} />
          {progress && (
            <p className="text-xs text-muted-foreground tabular-nums">
              {CHAT_MESSAGES.judgmentProgress(progress.processedRows, progress.totalRows)}
              {progress.status === 'paused' && ` · ${CHAT_MESSAGES.judgmentPaused}`}
            </p>
          )}
          {answer.isError && (
            <Button size="sm" variant="outline" className="justify-self-start" onClick={() => answerNow(message.id)}>
              {CHAT_MESSAGES.judgmentAnswerRetry}
            </Button>
          )}
        </div>
      )}
    </Card>
  )
}
