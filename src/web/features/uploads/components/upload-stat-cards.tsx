import type { ReactNode } from 'react'
import { UPLOAD_DETAIL_MESSAGES } from '#common/messages'
import type { UploadDetail } from '#common/schemas/uploads'
import { Card } from '#web/components/ui/card'
import { Progress } from '#web/components/ui/progress'
import { cn } from '#web/lib/cn'
import { completenessLevel } from '../lib/upload-detail-format'
import { DataQualityDialog } from './data-quality-dialog'

export type LiveCounts = { totalRows: number; processedRows: number; validRows: number; skippedRows: number; percent: number }

const n = (value: number) => value.toLocaleString('en-US')

/** The four cards of the detail page (001 §2): totals, import progress, completeness, AI enrichment. */
export function UploadStatCards({ upload, counts }: { upload: UploadDetail; counts: LiveCounts }) {
  const completeness = upload.dataCompletenessScore
  const level = completeness === null ? null : completenessLevel(completeness)

  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard label={UPLOAD_DETAIL_MESSAGES.totalRows} value={n(counts.totalRows)}>
        {/* Valid and skipped stay visible: they tell why the total may differ from the file's lines. */}
        <dl className="flex gap-3 text-xs text-muted-foreground">
          <div className="flex gap-1">
            <dt>{UPLOAD_DETAIL_MESSAGES.validRows}</dt>
            <dd className="tabular-nums">{n(counts.validRows)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>{UPLOAD_DETAIL_MESSAGES.skippedRows}</dt>
            <dd className="tabular-nums">{n(counts.skippedRows)}</dd>
          </div>
        </dl>
      </StatCard>
      <StatCard label={UPLOAD_DETAIL_MESSAGES.processed} value={`${counts.percent}%`}>
        <Progress value={counts.percent} aria-label={UPLOAD_DETAIL_MESSAGES.processed} className="mt-1" />
        <p className="text-xs text-muted-foreground">{UPLOAD_DETAIL_MESSAGES.processedOf(counts.processedRows, counts.totalRows)}</p>
      </StatCard>
      <StatCard
        label={UPLOAD_DETAIL_MESSAGES.completeness}
        value={completeness === null ? '—' : `${Math.round(completeness)}%`}
        note={level ?? undefined}
        noteClassName={cn(
          level === UPLOAD_DETAIL_MESSAGES.completenessHigh && 'bg-green-100 text-green-800',
          level === UPLOAD_DETAIL_MESSAGES.completenessMedium && 'bg-amber-100 text-amber-800',
          level === UPLOAD_DETAIL_MESSAGES.completenessLow && 'bg-red-100 text-red-800',
        )}
      >
        <DataQualityDialog upload={upload} />
      </StatCard>
      <StatCard label={UPLOAD_DETAIL_MESSAGES.aiEnrichment} value={n(upload.aiColumnCount)}>
        <p className="text-xs text-muted-foreground">
          {UPLOAD_DETAIL_MESSAGES.aiColumns(upload.aiColumnCount)} · {UPLOAD_DETAIL_MESSAGES.enrichedRows(upload.enrichedRows)}
        </p>
      </StatCard>
    </dl>
  )
}

function StatCard({
  label,
  value,
  note,
  noteClassName,
  children,
}: {
  label: string
  value: string
  note?: string
  noteClassName?: string
  children?: ReactNode
}) {
  return (
    <Card className="min-w-0 gap-1 px-3 py-3 sm:px-4 sm:py-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="flex items-baseline gap-2">
        <span className="text-2xl font-semibold tabular-nums">{value}</span>
        {note && <span className={cn('rounded px-1.5 py-0.5 text-xs font-medium', noteClassName)}>{note}</span>}
      </dd>
      {children && <dd className="grid gap-1">{children}</dd>}
    </Card>
  )
}
