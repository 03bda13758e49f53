import { useEffect, useRef, useSyncExternalStore } from 'react'
import { AI_COLUMN_MESSAGES } from '#common/messages'
import type { AiField } from '#common/schemas/enrichment'
import { Badge } from '#web/components/ui/badge'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#web/components/ui/dialog'
import { Skeleton } from '#web/components/ui/skeleton'
import { Spinner } from '#web/components/ui/spinner'
import { errorMessage, errorStatus } from '#web/lib/api-client'
import { useAiCell } from '../api/get-ai-cell'
import type { AiCellStore } from '../lib/ai-cell-store'
import { cellValueText } from '../lib/cell-value-text'
import { ProvenanceDetails } from './provenance-details'

/**
 * A cell's detail panel: value, error, reasoning, confidence, sources, model, prompt version,
 * tokens, credits, latency. It follows the cell: when the grid's store learns that the cell moved
 * on (a live event, or the polling of the rows on screen), the panel reads the cell again, so one
 * opened on a running cell shows its answer as soon as it is done.
 */
export function AiCellDetailDialog({ uploadId, field, rowIndex, store, onClose }: { uploadId: string; field: AiField; rowIndex: number; store: AiCellStore; onClose: () => void }) {
  const cell = useAiCell(uploadId, field.id, rowIndex)
  const data = cell.data
  const live = useSyncExternalStore(
    (listener) => store.subscribe(field.id, rowIndex, listener),
    () => store.get(field.id, rowIndex),
  )
  // A new state in the store (it keeps its object while nothing changed): read the cell again.
  const { refetch } = cell
  const seen = useRef(live)
  useEffect(() => {
    if (live === seen.current) return
    seen.current = live
    void refetch()
  }, [live, refetch])

  const isPending = data?.status === 'queued' || data?.status === 'running'

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{AI_COLUMN_MESSAGES.detailTitle(field.name, rowIndex + 1)}</DialogTitle>
          <DialogDescription>{AI_COLUMN_MESSAGES.detailDescription}</DialogDescription>
        </DialogHeader>
        {cell.isPending && <Skeleton className="h-32" />}
        {cell.isError && !data && (
          // No cell yet (404): the column was never run on this row.
          <p className="text-sm text-muted-foreground">{errorStatus(cell.error) === 404 ? AI_COLUMN_MESSAGES.noValue : errorMessage(cell.error, AI_COLUMN_MESSAGES.noValue)}</p>
        )}
        {data && (
          <div className="grid gap-4">
            <div aria-live="polite" className="flex items-center gap-2 text-sm">
              <span className="text-muted-foreground">{AI_COLUMN_MESSAGES.status}</span>
              <Badge variant={data.status === 'error' ? 'destructive' : 'secondary'} data-testid="ai-cell-status">
                {isPending && <Spinner className="size-3" />}
                {AI_COLUMN_MESSAGES.statuses[data.status]}
              </Badge>
            </div>
            <div className="grid gap-1">
              <p className="text-xs font-medium text-muted-foreground">{AI_COLUMN_MESSAGES.value}</p>
              {data.value === null && !data.display ? (
                <p className="text-sm text-muted-foreground">{isPending ? AI_COLUMN_MESSAGES.pendingValue : AI_COLUMN_MESSAGES.noValue}</p>
              ) : (
                <pre className="max-h-64 overflow-auto rounded-md bg-muted px-3 py-2 font-sans text-sm break-words whitespace-pre-wrap" data-testid="ai-cell-value">
                  {cellValueText(data.value, data.display)}
                </pre>
              )}
            </div>
            {data.corrected && (
              <p className="rounded-md border border-primary/30 bg-primary/5 px-3 py-2 text-sm" data-testid="ai-cell-corrected">
                {AI_COLUMN_MESSAGES.correctedDetail}
              </p>
            )}
            {data.error && (
              <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm">
                {data.error}
              </p>
            )}
            {data.provenance && <ProvenanceDetails provenance={data.provenance} isFull />}
          </div>
        )}
      </DialogContent>
    </Dialog>
  )
}
