import { FORMULA_EDITOR_MESSAGES } from '#common/messages'
import type { FormulaPreview as Preview } from '#common/schemas/rows'
import { Badge } from '#web/components/ui/badge'
import { Skeleton } from '#web/components/ui/skeleton'
import { Spinner } from '#web/components/ui/spinner'
import { cn } from '#web/lib/cn'

type FormulaPreviewProps = {
  /** The last preview the server computed (kept while the next one is computed). */
  data: Preview | undefined
  isReadable: boolean
  isLoading: boolean
  error: string | null
}

/** The formula on the first rows, value by row, with the type the column will have. */
export function FormulaPreview({ data, isReadable, isLoading, error }: FormulaPreviewProps) {
  const body = () => {
    if (!isReadable) return <p className="text-sm text-muted-foreground">{FORMULA_EDITOR_MESSAGES.previewWaiting}</p>
    if (error) return <p className="text-sm text-destructive">{`${FORMULA_EDITOR_MESSAGES.previewFailed} ${error}`}</p>
    if (!data) return <Skeleton className="h-24 w-full" aria-label={FORMULA_EDITOR_MESSAGES.previewLoading} />
    if (data.rows.length === 0) return <p className="text-sm text-muted-foreground">{FORMULA_EDITOR_MESSAGES.previewNoRows}</p>
    return (
      <ol className={cn('grid divide-y rounded-md border text-sm', isLoading && 'opacity-60')} aria-label={FORMULA_EDITOR_MESSAGES.preview}>
        {data.rows.map((row) => (
          <li key={row.rowIndex} className="grid grid-cols-[4.5rem_minmax(0,1fr)] gap-2 px-2 py-1">
            <span className="text-muted-foreground">{FORMULA_EDITOR_MESSAGES.rowLabel(row.rowIndex + 1)}</span>
            {row.value === null ? (
              <span className="text-muted-foreground italic">{FORMULA_EDITOR_MESSAGES.emptyValue}</span>
            ) : (
              <span className="truncate font-mono" title={row.value}>
                {row.value}
              </span>
            )}
          </li>
        ))}
      </ol>
    )
  }
  return (
    <section className="grid gap-2" aria-labelledby="formula-preview-heading" aria-busy={isLoading}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="formula-preview-heading" className="text-sm font-medium">
          {FORMULA_EDITOR_MESSAGES.preview}
        </h3>
        {data && isReadable && !error && (
          <Badge variant="secondary" aria-label={`${FORMULA_EDITOR_MESSAGES.typeLabel}: ${FORMULA_EDITOR_MESSAGES.types[data.type]}`}>
            {FORMULA_EDITOR_MESSAGES.types[data.type]}
          </Badge>
        )}
        {isLoading && <Spinner className="size-3.5" aria-label={FORMULA_EDITOR_MESSAGES.previewLoading} />}
        <span className="text-xs text-muted-foreground">{FORMULA_EDITOR_MESSAGES.previewHint}</span>
      </div>
      {body()}
    </section>
  )
}
