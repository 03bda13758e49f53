import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef } from 'react'
import { toast } from 'sonner'
import { AI_FIELD_MESSAGES } from '#common/messages'
import type { AiField } from '#common/schemas/enrichment'
import { billingKeys, setCreditBalance } from '#web/lib/billing-query-keys'
import { subscribeToEvents } from '#web/lib/sse'
import { uploadKeys } from '#web/lib/upload-query-keys'
import { gridEventsUrl } from '#web/lib/grid-events-url'
import { aiKeys } from '../api/ai-columns-query-keys'
import { getAiCells } from '../api/get-ai-cells'
import type { AiFieldList } from '../api/get-ai-fields'
import type { AiCellStore } from '../lib/ai-cell-store'
import { hasCellStates } from '../lib/cell-state'
import { completionToast, withProgress } from '../lib/run-outcome'

/** Cells asked for at once (the API's cap); the grid's window is far smaller. */
const MAX_ROWS_PER_READ = 500
const VISIBLE_ROWS_DEBOUNCE_MS = 120
/** The AI Enrichment card's count and the usage history are read again at most this often during a run. */
const CARD_REFRESH_MS = 3000

const isActive = (field: AiField) => field.status === 'processing' || field.status === 'paused'

/**
 * Keeps the AI cells on screen live: the events stream (cells batched per field, progress,
 * changes), the cell states of the rows in the grid's window, and the 1500 ms polling of the
 * fields while one is processing (001 §9) as the fallback. Says 'Enrichment completed' at the end.
 */
export function useAiLive(uploadId: string, fields: AiField[] | undefined, store: AiCellStore) {
  const queryClient = useQueryClient()
  const visibleRows = useRef<number[]>([])
  const latestFields = useRef(fields)
  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const lastCardRefresh = useRef(0)

  useEffect(() => {
    latestFields.current = fields
  }, [fields])

  /** Reads the cells on screen of the fields with cells not done (and of `alsoFieldIds`). */
  const refreshCells = useCallback(async (alsoFieldIds: string[] = []) => {
    const rowIndexes = visibleRows.current.slice(0, MAX_ROWS_PER_READ)
    if (rowIndexes.length === 0) return
    const targets = (latestFields.current ?? []).filter((field) => isActive(field) || hasCellStates(field.counts) || alsoFieldIds.includes(field.id))
    await Promise.all(
      targets.map(async (field) => {
        try {
          const { cells } = await getAiCells(uploadId, field.id, rowIndexes)
          store.apply(field.id, cells, { isLive: false })
        } catch {
          // The next poll or event tries again; the grid keeps what it knows.
        }
      }),
    )
  }, [uploadId, store])

  const onVisibleRowsChange = useCallback(
    (rowIndexes: number[]) => {
      visibleRows.current = rowIndexes
      clearTimeout(debounce.current)
      debounce.current = setTimeout(() => void refreshCells(), VISIBLE_ROWS_DEBOUNCE_MS)
    },
    [refreshCells],
  )
  useEffect(() => () => clearTimeout(debounce.current), [])

  // New fields data (the 1500 ms poll while processing, or a refetch): the cells on screen too.
  useEffect(() => {
    void refreshCells()
  }, [fields, refreshCells])

  useEffect(
    () =>
      subscribeToEvents(
        gridEventsUrl(uploadId),
        (event) => {
          if (event.type === 'cell.updated') {
            store.apply(event.fieldId, event.cells, { isLive: true })
          } else if (event.type === 'field.progress') {
            queryClient.setQueryData<AiFieldList>(aiKeys.fields(uploadId), (old) =>
              old
                ? {
                    ...old,
                    fields: old.fields.map((field) =>
                      field.id === event.fieldId ? withProgress(field, event) : field,
                    ),
                  }
                : old,
            )
            // The header's badge follows every progress event, a paused or stopped run's last one too.
            setCreditBalance(queryClient, event.creditBalance)
            if (Date.now() - lastCardRefresh.current > CARD_REFRESH_MS) {
              lastCardRefresh.current = Date.now()
              void queryClient.invalidateQueries({ queryKey: uploadKeys.detail(uploadId), exact: true })
              // Not the subscription: a read begun before this event could answer after it with an older balance.
              void queryClient.invalidateQueries({ queryKey: billingKeys.all, predicate: (query) => query.queryKey[1] !== billingKeys.subscription()[1] })
            }
          } else if (event.type === 'field.changed') {
            if (event.change === 'cleared' || event.change === 'deleted') store.forgetField(event.fieldId)
            void queryClient.invalidateQueries({ queryKey: aiKeys.fields(uploadId) })
            if (event.change !== 'stale') void queryClient.invalidateQueries({ queryKey: uploadKeys.detail(uploadId) })
          }
        },
        // EventSource reconnects by itself; the polling covers the gap.
        () => {},
        { onOpen: () => void refreshCells() },
      ),
    [uploadId, store, queryClient, refreshCells],
  )

  // 'Enrichment completed' when a field this page saw processing is done (001 §4); a run that
  // stopped has its cells on screen read once more, so no 'running' marker outlives it.
  const seenStatuses = useRef(new Map<string, AiField['status']>())
  // A run is announced once: a list read begun before the run ended can answer after a newer one,
  // showing the field processing again and then completed a second time.
  const announcedRuns = useRef(new Set<string>())
  useEffect(() => {
    if (!fields) return
    const stopped: string[] = []
    for (const field of fields) {
      const before = seenStatuses.current.get(field.id)
      seenStatuses.current.set(field.id, field.status)
      if ((before === 'processing' || before === 'paused') && !isActive(field)) stopped.push(field.id)
      const ending = before === 'processing' && field.status === 'completed' ? completionToast(field) : null
      const runKey = `${field.id}:${field.run?.startedAt ?? ''}`
      if (ending && !announcedRuns.current.has(runKey)) {
        announcedRuns.current.add(runKey)
        toast.success(AI_FIELD_MESSAGES.enrichmentCompleted, { id: `enrichment-completed-${runKey}`, description: ending })
        // The values are in the rows now: sorting, filters and the AI Enrichment card read them again.
        void queryClient.invalidateQueries({ queryKey: uploadKeys.detail(uploadId) })
        void queryClient.invalidateQueries({ queryKey: billingKeys.all })
      }
    }
    if (stopped.length > 0) void refreshCells(stopped)
  }, [fields, queryClient, uploadId, refreshCells])

  return { onVisibleRowsChange, refreshCells }
}
