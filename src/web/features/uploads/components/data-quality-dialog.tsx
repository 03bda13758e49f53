import { Building2Icon, CheckCircle2Icon, CopyIcon } from 'lucide-react'
import { useState } from 'react'
import { DUPLICATES_MESSAGES, IMPORT_WARNINGS, QUALITY_REPORT_MESSAGES, UPLOAD_DETAIL_MESSAGES } from '#common/messages'
import type { UploadDetail } from '#common/schemas/uploads'
import { Badge } from '#web/components/ui/badge'
import { Button } from '#web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '#web/components/ui/dialog'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select'
import {
  countIssuesByAction,
  duplicateLines,
  filterIssues,
  sharedValueLines,
  formatIssueReason,
  qualityRecommendations,
  type IssueActionFilter,
} from '../lib/quality-report'

const n = (value: number) => value.toLocaleString('en-US')

/** 'Data Quality Report' (001 §2): summary cards, issues filtered by action, metrics, recommendations. */
export function DataQualityDialog({ upload }: { upload: UploadDetail }) {
  const [action, setAction] = useState<IssueActionFilter>('all')
  const issues = upload.dataQualityIssues
  const shown = filterIssues(issues, action)
  const counts = countIssuesByAction(issues)
  const metrics = upload.qualityMetrics
  const repeats = duplicateLines(metrics?.duplicates)
  const shared = sharedValueLines(metrics?.duplicates)

  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="link" size="sm" className="h-auto justify-self-start px-0">
          {UPLOAD_DETAIL_MESSAGES.viewDetails}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{QUALITY_REPORT_MESSAGES.title}</DialogTitle>
          <DialogDescription>{QUALITY_REPORT_MESSAGES.description}</DialogDescription>
        </DialogHeader>

        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Summary label={QUALITY_REPORT_MESSAGES.totalRows} value={n(upload.totalRows)} />
          <Summary label={QUALITY_REPORT_MESSAGES.validRows} value={n(upload.validRows)} />
          <Summary label={QUALITY_REPORT_MESSAGES.skippedRows} value={n(upload.skippedRows)} />
          <Summary label={QUALITY_REPORT_MESSAGES.issues} value={n(issues.length)} />
        </dl>

        <section aria-labelledby="quality-issues" className="grid gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="quality-issues" className="font-medium">
              {QUALITY_REPORT_MESSAGES.issues}
            </h3>
            {issues.length > 0 && (
              <Select value={action} onValueChange={(value) => setAction(value as IssueActionFilter)}>
                <SelectTrigger size="sm" aria-label={QUALITY_REPORT_MESSAGES.filterLabel} className="w-44">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="all">{QUALITY_REPORT_MESSAGES.allActions}</SelectItem>
                  {(['skipped', 'padded', 'other'] as const).map((key) => (
                    <SelectItem key={key} value={key}>
                      {QUALITY_REPORT_MESSAGES.actions[key]} ({counts[key]})
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </div>
          {issues.length === 0 ? (
            <p className="flex items-center gap-2 rounded-md border px-3 py-4 text-sm">
              <CheckCircle2Icon className="size-4 text-green-600" aria-hidden="true" />
              {QUALITY_REPORT_MESSAGES.noIssues}
            </p>
          ) : (
            <ul className="grid max-h-64 gap-1 overflow-y-auto rounded-md border p-2 text-sm" aria-label={QUALITY_REPORT_MESSAGES.issues}>
              {shown.map((issue) => (
                <li key={`${issue.row}-${issue.action}`} className="flex flex-wrap items-center gap-2 rounded px-2 py-1 odd:bg-muted/50">
                  <span className="font-medium tabular-nums">{QUALITY_REPORT_MESSAGES.issueRow(issue.row)}</span>
                  <Badge variant={issue.action === 'skipped' ? 'destructive' : 'secondary'}>{QUALITY_REPORT_MESSAGES.actions[issue.action]}</Badge>
                  <span>{formatIssueReason(issue.reason)}</span>
                  <span className="text-muted-foreground">
                    {QUALITY_REPORT_MESSAGES.issueColumns(issue.expected_columns, issue.actual_columns)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>

        {repeats.length > 0 && (
          <section aria-labelledby="quality-duplicates" className="grid gap-2">
            <h3 id="quality-duplicates" className="font-medium">
              {DUPLICATES_MESSAGES.reportHeading}
            </h3>
            <ul className="grid gap-1 rounded-md border p-2 text-sm" aria-label={DUPLICATES_MESSAGES.reportHeading}>
              {repeats.map((line) => (
                <li key={line} className="flex items-center gap-2 rounded px-2 py-1 odd:bg-muted/50">
                  <CopyIcon className="size-4 shrink-0 text-amber-600" aria-hidden="true" />
                  {line}
                </li>
              ))}
            </ul>
          </section>
        )}

        {shared.length > 0 && (
          <section aria-labelledby="quality-shared" className="grid gap-2">
            <h3 id="quality-shared" className="font-medium">
              {DUPLICATES_MESSAGES.sharedHeading}
            </h3>
            <ul className="grid gap-1 rounded-md border p-2 text-sm" aria-label={DUPLICATES_MESSAGES.sharedHeading}>
              {shared.map((line) => (
                <li key={line} className="flex items-center gap-2 rounded px-2 py-1 odd:bg-muted/50">
                  <Building2Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  {line}
                </li>
              ))}
            </ul>
          </section>
        )}

        {metrics && (
          <section aria-labelledby="quality-metrics" className="grid gap-2">
            <h3 id="quality-metrics" className="font-medium">
              {QUALITY_REPORT_MESSAGES.metrics}
            </h3>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
              <Metric label="Records read" value={n(metrics.totalRecords)} />
              <Metric label="Padded rows" value={n(metrics.paddedRows)} />
              <Metric label="Blank lines" value={n(metrics.blankLines)} />
              <Metric label="Filled cells" value={`${n(metrics.nonEmptyCells)} of ${n(metrics.totalCells)}`} />
              <Metric label="Encoding" value={metrics.encoding} />
              <Metric label="Delimiter" value={metrics.delimiter === '\t' ? 'tab' : (metrics.delimiter ?? '—')} />
            </dl>
          </section>
        )}

        {metrics?.warnings && metrics.warnings.length > 0 && (
          <section aria-labelledby="quality-reading-notes" className="grid gap-2">
            <h3 id="quality-reading-notes" className="font-medium">
              {IMPORT_WARNINGS.heading}
            </h3>
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {metrics.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          </section>
        )}

        <section aria-labelledby="quality-recommendations" className="grid gap-2">
          <h3 id="quality-recommendations" className="font-medium">
            {QUALITY_REPORT_MESSAGES.recommendations}
          </h3>
          <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
            {qualityRecommendations(issues, upload.dataCompletenessScore, metrics?.duplicates).map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </section>
      </DialogContent>
    </Dialog>
  )
}

function Summary({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value}</dd>
    </div>
  )
}

function Metric({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-2 sm:block">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  )
}
