import { GlobeIcon, ListOrderedIcon, SparklesIcon } from 'lucide-react'
import { useMemo, useRef, useState, type ReactNode } from 'react'
import { toast } from 'sonner'
import { AI_COLUMN_MESSAGES, AI_FIELD_MESSAGES, WATERFALL_UI } from '#common/messages'
import type { AiField, AiRunAction, AiRunScope } from '#common/schemas/enrichment'
import type { UploadColumn, UploadDetail } from '#common/schemas/uploads'
import { Button } from '#web/components/ui/button'
import { errorMessage } from '#web/lib/api-client'
import { useClearAiField } from '../api/clear-ai-field'
import { useControlAiRun } from '../api/control-ai-run'
import { useAiFields } from '../api/get-ai-fields'
import { AiCellDetailDialog } from '../components/ai-cell-detail-dialog'
import { AiColumnDialog } from '../components/ai-column-dialog'
import { HttpColumnDialog } from '../components/http-column-dialog'
import { WaterfallColumnDialog } from '../components/waterfall-column-dialog'
import { AiColumnHeaderMenu } from '../components/ai-column-header-menu'
import { AiGridCell } from '../components/ai-grid-cell'
import { AiProgressBanner } from '../components/ai-progress-banner'
import { AutoRunDialog } from '../components/auto-run-dialog'
import { AutoRunPausedNotice } from '../components/auto-run-paused-notice'
import { RunEstimateDialog } from '../components/run-estimate-dialog'
import { ExamplesDialog } from '../components/examples-dialog'
import { AiCellStore } from '../lib/ai-cell-store'
import type { RowChoice } from '../lib/row-choice'
import { useAiLive } from './use-ai-live'

type OpenDialog =
  | { kind: 'create' }
  | { kind: 'create-http' }
  | { kind: 'create-waterfall' }
  | { kind: 'modify'; fieldId: string }
  | { kind: 'auto-run'; fieldId: string }
  | { kind: 'run'; field: AiField; scope: AiRunScope; rows: RowChoice }
  | { kind: 'cell'; fieldId: string; rowIndex: number }
  | { kind: 'examples'; fieldId: string }

const NO_ROWS: RowChoice = { selectedRowIndexes: [], view: { filters: [] }, hasViewFilters: false }

const RUN_TOASTS: Record<AiRunAction, string> = {
  pause: AI_FIELD_MESSAGES.runPaused,
  resume: AI_FIELD_MESSAGES.runResumed,
  cancel: AI_FIELD_MESSAGES.runCancelled,
}

const RUN_FAILURES: Record<AiRunAction, string> = {
  pause: AI_FIELD_MESSAGES.pauseFailed,
  resume: AI_FIELD_MESSAGES.resumeFailed,
  cancel: AI_FIELD_MESSAGES.cancelFailed,
}

/** The scope a run offers first: what is left to do on this field. */
function defaultScope(field: AiField): AiRunScope {
  if (field.counts.total === 0) return 'all'
  if (field.counts.stale > 0) return 'stale'
  if (field.counts.error + field.counts.no_credits > 0) return 'failed'
  return 'empty'
}

/**
 * The AI columns of one upload as pieces for the grid (its slots: toolbar action, banner, cell
 * renderer, rows just updated, header menu, Columns-menu item, rows on screen) and the dialogs they open.
 */
export function useAiColumns(upload: UploadDetail) {
  const [store] = useState(() => new AiCellStore())
  const [dialog, setDialog] = useState<OpenDialog | null>(null)
  const lastRows = useRef<RowChoice>(NO_ROWS)
  const fieldsQuery = useAiFields(upload.id)
  const fields = fieldsQuery.data?.fields
  const live = useAiLive(upload.id, fields, store)
  const clear = useClearAiField(upload.id)
  const control = useControlAiRun(upload.id)
  const [isRefreshing, setIsRefreshing] = useState(false)

  const fieldOf = (key: string) => fields?.find((field) => field.columnKey === key)
  // The field whose one call also fills this column (an HTTP request's further path, a JSON field's column).
  const fillerOf = (key: string) =>
    fields?.find((field) =>
      (field.source?.kind === 'http' ? field.source.outputs.slice(1).map((o) => o.columnKey) : field.outputType.kind === 'json' ? (field.outputType.columns ?? []).map((c) => c.columnKey) : []).includes(key),
    )

  // Which column is which field, as a string: the cell renderer changes only when fields come or go.
  const fieldKeys = JSON.stringify((fields ?? []).map((field) => [field.columnKey, field.id]))
  // Columns whose cells the user may correct: prompt columns with one value (decision 038).
  const correctableKeys = JSON.stringify((fields ?? []).filter((field) => !field.source && field.outputType.kind !== 'json').map((field) => field.columnKey))
  const cell = useMemo(() => {
    const fieldIds = new Map(JSON.parse(fieldKeys) as [string, string][])
    const correctable = new Set(JSON.parse(correctableKeys) as string[])
    return {
      canEdit: (column: UploadColumn) => column.kind === 'ai' && correctable.has(column.key),
      render: (column: UploadColumn, rowIndex: number, value: string): ReactNode | null => {
        const fieldId = column.kind === 'ai' ? fieldIds.get(column.key) : undefined
        return fieldId ? <AiGridCell store={store} fieldId={fieldId} rowIndex={rowIndex} rowValue={value} isNumber={column.type === 'number'} /> : null
      },
      canOpen: (column: UploadColumn) => column.kind === 'ai' && fieldIds.has(column.key),
      open: (column: UploadColumn, rowIndex: number) => {
        const fieldId = fieldIds.get(column.key)
        if (fieldId) setDialog({ kind: 'cell', fieldId, rowIndex })
      },
    }
  }, [fieldKeys, correctableKeys, store])
  const rowUpdates = useMemo(() => ({ updatedAt: store.rowUpdatedAt, subscribe: store.subscribeRow }), [store])

  const runAction = (field: AiField, action: AiRunAction) =>
    control.mutate(
      { fieldId: field.id, action },
      {
        onSuccess: () => toast.success(RUN_TOASTS[action]),
        onError: (error) => toast.error(AI_FIELD_MESSAGES.errorTitle, { description: errorMessage(error, RUN_FAILURES[action]) }),
      },
    )

  const clearField = (field: AiField) =>
    clear.mutate(field.id, {
      onSuccess: () => {
        store.forgetField(field.id)
        toast.success(AI_FIELD_MESSAGES.fieldCleared)
      },
      onError: (error) => toast.error(AI_FIELD_MESSAGES.clearFailed, { description: errorMessage(error, undefined) }),
    })

  const refreshStatus = async () => {
    setIsRefreshing(true)
    try {
      const result = await fieldsQuery.refetch({ throwOnError: true })
      await live.refreshCells()
      const processing = result.data?.fields.filter((field) => field.status === 'processing').length ?? 0
      toast.success(AI_FIELD_MESSAGES.statusRefreshed, { description: AI_FIELD_MESSAGES.statusRefreshedBody(processing) })
    } catch {
      toast.error(AI_FIELD_MESSAGES.refreshFailed)
    } finally {
      setIsRefreshing(false)
    }
  }

  const activeFields = (fields ?? []).filter((field) => field.status === 'processing' || field.status === 'paused')
  const cappedFields = (fields ?? []).filter((field) => field.autoRun.enabled && field.autoRun.pausedAt !== null)
  const banner =
    activeFields.length + cappedFields.length > 0 ? (
      <div className="grid gap-2">
        {cappedFields.map((field) => (
          <AutoRunPausedNotice key={`cap-${field.id}`} field={field} onChangeCap={() => setDialog({ kind: 'auto-run', fieldId: field.id })} />
        ))}
        {activeFields.map((field) => (
          <AiProgressBanner
            key={field.id}
            field={field}
            isBusy={control.isPending}
            isRefreshing={isRefreshing}
            onAction={(action) => runAction(field, action)}
            onRefresh={() => void refreshStatus()}
          />
        ))}
      </div>
    ) : null

  const extensions = {
    toolbarActions: (rows: RowChoice) => (
      <>
        <Button
          size="sm"
          onClick={() => {
            lastRows.current = rows
            setDialog({ kind: 'create' })
          }}
        >
          <SparklesIcon aria-hidden="true" />
          {AI_COLUMN_MESSAGES.enrichWithAi}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            lastRows.current = rows
            setDialog({ kind: 'create-http' })
          }}
        >
          <GlobeIcon aria-hidden="true" />
          HTTP API column
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            lastRows.current = rows
            setDialog({ kind: 'create-waterfall' })
          }}
        >
          <ListOrderedIcon aria-hidden="true" />
          {WATERFALL_UI.toolbarButton}
        </Button>
      </>
    ),
    banner,
    cell,
    rowUpdates,
    headerAction: (column: UploadColumn, rows: RowChoice) => {
      const field = column.kind === 'ai' ? fieldOf(column.key) : undefined
      const filler = column.kind === 'ai' && !field ? fillerOf(column.key) : undefined
      if (filler) {
        return (
          <span className="shrink-0 truncate pr-2 text-[11px] text-muted-foreground" title={AI_COLUMN_MESSAGES.filledFromTitle(filler.name)}>
            {AI_COLUMN_MESSAGES.filledFrom(filler.name)}
          </span>
        )
      }
      if (!field) return null
      return (
        <AiColumnHeaderMenu
          field={field}
          onRun={() => setDialog({ kind: 'run', field, scope: defaultScope(field), rows })}
          onModify={() => setDialog({ kind: 'modify', fieldId: field.id })}
          onAutoRun={() => setDialog({ kind: 'auto-run', fieldId: field.id })}
          onClear={() => clearField(field)}
          onRerunWithCorrections={() => setDialog({ kind: 'run', field, scope: 'corrections', rows })}
          onExamples={() => setDialog({ kind: 'examples', fieldId: field.id })}
        />
      )
    },
    columnMenuAction: (column: UploadColumn) => {
      const field = column.kind === 'ai' ? fieldOf(column.key) : undefined
      if (!field) return null
      return (
        field.source ? null : <Button size="icon-xs" variant="ghost" aria-label={AI_COLUMN_MESSAGES.modifyColumnLabel(field.name)} onClick={() => setDialog({ kind: 'modify', fieldId: field.id })}>
          <SparklesIcon aria-hidden="true" />
        </Button>
      )
    },
    onVisibleRowsChange: live.onVisibleRowsChange,
  }

  const close = () => setDialog(null)
  const dialogField = dialog && (dialog.kind === 'modify' || dialog.kind === 'cell' || dialog.kind === 'auto-run' || dialog.kind === 'examples') ? fields?.find((field) => field.id === dialog.fieldId) : undefined
  const dialogs = (
    <>
      {dialog?.kind === 'create' && (
        <AiColumnDialog
          upload={upload}
          field={null}
          onClose={close}
          onCreated={(field) => setDialog({ kind: 'run', field, scope: 'all', rows: lastRows.current })}
          onUpdated={close}
        />
      )}
      {dialog?.kind === 'create-http' && (
        <HttpColumnDialog upload={upload} onClose={close} onCreated={(field) => setDialog({ kind: 'run', field, scope: 'all', rows: lastRows.current })} />
      )}
      {dialog?.kind === 'create-waterfall' && (
        <WaterfallColumnDialog upload={upload} onClose={close} onCreated={(field) => setDialog({ kind: 'run', field, scope: 'all', rows: lastRows.current })} />
      )}
      {dialog?.kind === 'modify' && dialogField && (
        <AiColumnDialog
          upload={upload}
          field={dialogField}
          onClose={close}
          onCreated={close}
          onUpdated={(field, hasStaleCells) => (hasStaleCells ? setDialog({ kind: 'run', field, scope: 'stale', rows: lastRows.current }) : close())}
        />
      )}
      {dialog?.kind === 'auto-run' && dialogField && <AutoRunDialog uploadId={upload.id} field={dialogField} onClose={close} />}
      {dialog?.kind === 'run' && <RunEstimateDialog uploadId={upload.id} field={dialog.field} initialScope={dialog.scope} rows={dialog.rows} onClose={close} />}
      {dialog?.kind === 'examples' && dialogField && <ExamplesDialog uploadId={upload.id} field={dialogField} onClose={close} />}
      {dialog?.kind === 'cell' && dialogField && <AiCellDetailDialog uploadId={upload.id} field={dialogField} store={store} rowIndex={dialog.rowIndex} onClose={close} />}
    </>
  )

  /** A field's progress, for another feature that started it (the chat's proposed column), composed by the route. */
  const fieldProgress = (fieldId: string) => {
    const field = fields?.find((candidate) => candidate.id === fieldId)
    return field ? { status: field.status, processedRows: field.processedRows, totalRows: field.totalRows } : null
  }
  const refreshFields = () => void fieldsQuery.refetch()

  return { extensions, dialogs, fieldProgress, refreshFields }
}
