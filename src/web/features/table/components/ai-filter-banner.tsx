import { SparklesIcon, XIcon } from 'lucide-react'
import { CHAT_MESSAGES } from '#common/messages'
import { describeCondition } from '#common/plan-text'
import { Button } from '#web/components/ui/button'
import type { AiFilter } from '../lib/ai-filter'

type AiFilterBannerProps = {
  filter: AiFilter
  /** The rows the grid shows (the view's count as shown, '10,000+' past the server's cap). */
  shown: string
  total: number
  onRemove: () => void
}

/** 'AI Filter Active' - 'Showing X of Y rows' - 'Remove Filter' (001 §2, §4). */
export function AiFilterBanner({ filter, shown, total, onRemove }: AiFilterBannerProps) {
  const condition = describeCondition(filter.where).replace(/^\((.*)\)$/s, '$1')
  // An edited answer is titled by its conditions (issue 30 §3): said once, not as a quoted question.
  const isQuestion = filter.query !== '' && filter.query.toLowerCase() !== condition.toLowerCase()
  return (
    <div
      role="status"
      aria-label={CHAT_MESSAGES.aiFilterActive}
      className="flex flex-col gap-2 rounded-lg border border-primary/30 bg-primary/5 px-3 py-2 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 items-start gap-2">
        <SparklesIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <div className="grid min-w-0 gap-0.5">
          <p>
            <span className="font-medium">{CHAT_MESSAGES.aiFilterActive}</span>
            <span className="text-muted-foreground"> - </span>
            <span className="tabular-nums">{CHAT_MESSAGES.aiFilterShowing(shown, total)}</span>
          </p>
          <p className="truncate text-xs text-muted-foreground" title={isQuestion ? filter.query : condition}>
            {isQuestion ? `“${filter.query}” · ${condition}` : condition}
          </p>
        </div>
      </div>
      <Button variant="outline" size="sm" className="self-start sm:self-auto" onClick={onRemove}>
        <XIcon aria-hidden="true" />
        {CHAT_MESSAGES.removeFilter}
      </Button>
    </div>
  )
}
