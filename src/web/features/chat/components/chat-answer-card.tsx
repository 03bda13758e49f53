import { CopyIcon, TableIcon } from 'lucide-react'
import { toast } from 'sonner'
import { CHAT_MESSAGES } from '#common/messages'
import type { ChatMessage, ChatResult } from '#common/schemas/chat'
import type { Condition } from '#common/schemas/plans'
import { Badge } from '#web/components/ui/badge'
import { Button } from '#web/components/ui/button'
import { Card } from '#web/components/ui/card'
import { Spinner } from '#web/components/ui/spinner'
import { errorMessage } from '#web/lib/api-client'
import { useUpdateChatAnswer } from '../api/update-chat-answer'
import { answerHeadline, canShowInTable, confidencePercent, duplicatesNote, skippedNote } from '../lib/answer-view'
import { criterionChips, withCriterion } from '../lib/criteria'
import { GroupMeasuresView, GroupsView, MatchingLeads, ReasoningChain } from './answer-details'
import { CriterionChip } from './criterion-chip'
import { SaveFormulaOffer } from './save-formula-offer'

type ChatAnswerCardProps = {
  uploadId: string
  message: ChatMessage & { result: ChatResult }
  columnNames: string[]
  onShowInTable: (filter: { where: Condition; query: string }) => void
}

/**
 * The latest answer, prominently (issue 22): the count, the summary, the criteria as editable chips
 * (a change re-runs the plan exactly, free; a formula's too), the aggregate (groups with their
 * measures, a yes or no with its figure), the reasoning chain with each step's count, confidence,
 * up to 3 matching leads and 'Show in table'; a formula the conversation needs again is offered
 * as a column (issue 32).
 */
export function ChatAnswerCard({ uploadId, message, columnNames, onShowInTable }: ChatAnswerCardProps) {
  const result = message.result
  const { data, plan } = result
  const headline = answerHeadline(result)
  const isFigureHeadline = data.aggregate !== null && !['count', 'exists', 'count_by', 'group_by'].includes(data.aggregate.op)
  const skipped = data.aggregate && isFigureHeadline ? skippedNote(data.aggregate) : null
  const repeats = duplicatesNote(data.duplicates)
  const update = useUpdateChatAnswer(uploadId)
  const chips = criterionChips(plan)

  const rerun = (index: number, next: Condition | null) => {
    if (!plan) return
    update.mutate(
      { messageId: message.id, plan: withCriterion(plan, index, next) },
      { onError: (error) => toast.error(CHAT_MESSAGES.rerunFailed, { description: errorMessage(error, undefined) }) },
    )
  }

  return (
    <Card aria-labelledby={`answer-${message.id}`} aria-busy={update.isPending} className="gap-4 px-4 py-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-0.5">
          <p id={`answer-${message.id}`} className="text-xs font-medium text-muted-foreground uppercase">
            {result.query}
          </p>
          <p className="flex items-baseline gap-2">
            <span className="text-3xl font-bold tabular-nums" data-testid="answer-figure">
              {headline.figure}
            </span>
            <span className="text-sm text-muted-foreground">{headline.line}</span>
            {update.isPending && (
              <span className="flex items-center gap-1 text-xs text-muted-foreground" role="status">
                <Spinner className="size-3" />
                {CHAT_MESSAGES.rerunning}
              </span>
            )}
          </p>
          {skipped && <p className="text-xs text-muted-foreground">{skipped}</p>}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{CHAT_MESSAGES.confidence(confidencePercent(data.confidence))}</Badge>
          {canShowInTable(result) && plan?.where && (
            <Button size="sm" onClick={() => onShowInTable({ where: plan.where!, query: result.query })}>
              <TableIcon aria-hidden="true" />
              {CHAT_MESSAGES.showInTable}
            </Button>
          )}
        </div>
      </div>

      {/* A summary written from the figures alone can be the count line itself: said once. */}
      {data.summary && data.summary !== CHAT_MESSAGES.summaryRows(data.count, data.total_rows) && <p className="text-sm leading-relaxed">{data.summary}</p>}

      <div className="grid gap-1.5">
        <p className="text-sm font-medium">{CHAT_MESSAGES.criteria}</p>
        {chips.length === 0 ? (
          <p className="text-sm text-muted-foreground">{CHAT_MESSAGES.noCriteria}</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label={CHAT_MESSAGES.criteria}>
            {chips.map((chip) => (
              <CriterionChip
                key={`${chip.index}-${chip.text}`}
                chip={chip}
                columnNames={columnNames}
                isBusy={update.isPending}
                onChange={(next) => rerun(chip.index, next)}
                onRemove={() => rerun(chip.index, null)}
              />
            ))}
          </ul>
        )}
      </div>

      {repeats && (
        <p role="note" className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200">
          <CopyIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {repeats}
        </p>
      )}

      {data.aggregate?.op === 'count_by' && <GroupsView aggregate={data.aggregate} />}
      {data.aggregate?.op === 'group_by' && <GroupMeasuresView aggregate={data.aggregate} />}
      {data.formula_suggestions?.map((formula) => (
        <SaveFormulaOffer key={formula} uploadId={uploadId} formula={formula} />
      ))}
      <ReasoningChain steps={data.reasoning_chain} />
      {data.reasoning && <p className="text-xs text-muted-foreground">{data.reasoning}</p>}
      <MatchingLeads leads={data.matching_leads} />
    </Card>
  )
}
