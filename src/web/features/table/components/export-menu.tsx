import { DownloadIcon } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { CHAT_MESSAGES, GRID_MESSAGES } from '#common/messages'
import { aiSearchFileLabel, exportFormatSchema, type ExportFormat, type ExportScope, type RowView } from '#common/schemas/rows'
import { Button } from '#web/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu'
import { Spinner } from '#web/components/ui/spinner'
import { errorMessage } from '#web/lib/api-client'
import { saveBlob, useCreateExport } from '../api/create-export'
import type { AiFilter } from '../lib/ai-filter'
import { exportFileName } from '../lib/export-file'

type ExportMenuProps = {
  uploadId: string
  filename: string
  view: RowView
  /** The view's row count as shown ('1,234', or '10,000+' past the server's cap). */
  viewCount: string
  selectedRowIndexes: number[]
  /** The grid's visible column keys, in the grid's order. */
  columnKeys: string[]
  /** The file has AI columns: offer their reasoning, confidence and sources in the export. */
  hasAiColumns: boolean
  /** While the AI filter is active, the view is its result: exported as `ai_search_<query>_<file>` (001 §7). */
  aiFilter?: AiFilter
}

/**
 * 'Export All', 'Export View (n rows)' ('Export AI Search (n rows)' while the AI filter is
 * active), 'Export Selected (n rows)', each as CSV, JSON or Excel; all of them with the grid's
 * visible columns.
 */
export function ExportMenu({ uploadId, filename, view, viewCount, selectedRowIndexes, columnKeys, hasAiColumns, aiFilter }: ExportMenuProps) {
  const [hasBom, setHasBom] = useState(false)
  const [hasAiDetails, setHasAiDetails] = useState(false)
  const exporter = useCreateExport(uploadId)

  const run = (scope: ExportScope, format: ExportFormat) => {
    const fileLabel = scope === 'view' && aiFilter ? aiSearchFileLabel(aiFilter.query || 'filter') : undefined
    exporter.mutate(
      {
        format,
        scope,
        view: scope === 'view' ? view : undefined,
        rowIndexes: scope === 'selected' ? selectedRowIndexes : undefined,
        // One rule for every scope, said in the menu: the grid's visible columns, in its order.
        columns: columnKeys,
        bom: format === 'csv' && hasBom,
        aiDetails: hasAiColumns && hasAiDetails,
        fileLabel,
      },
      {
        onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName ?? exportFileName(filename, scope, format, fileLabel)),
        onError: (error) => toast.error(GRID_MESSAGES.exportFailed, { description: errorMessage(error, undefined) }),
      },
    )
  }

  const scopes: { scope: ExportScope; label: string }[] = [
    { scope: 'all', label: GRID_MESSAGES.exportAll },
    { scope: 'view', label: aiFilter ? CHAT_MESSAGES.exportAiSearch(viewCount) : GRID_MESSAGES.exportView(viewCount) },
    ...(selectedRowIndexes.length > 0 ? [{ scope: 'selected' as const, label: GRID_MESSAGES.exportSelected(selectedRowIndexes.length) }] : []),
  ]

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" disabled={exporter.isPending}>
          {exporter.isPending ? <Spinner /> : <DownloadIcon aria-hidden="true" />}
          {GRID_MESSAGES.export}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">{GRID_MESSAGES.exportColumnsNote}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {scopes.map(({ scope, label }) => (
          <DropdownMenuSub key={scope}>
            <DropdownMenuSubTrigger>{label}</DropdownMenuSubTrigger>
            <DropdownMenuSubContent>
              {exportFormatSchema.options.map((format) => (
                <DropdownMenuItem key={format} onSelect={() => run(scope, format)}>
                  {GRID_MESSAGES.exportFormats[format]}
                </DropdownMenuItem>
              ))}
            </DropdownMenuSubContent>
          </DropdownMenuSub>
        ))}
        <DropdownMenuSeparator />
        {hasAiColumns && (
          <DropdownMenuCheckboxItem
            checked={hasAiDetails}
            onCheckedChange={(checked) => setHasAiDetails(checked === true)}
            onSelect={(event) => event.preventDefault()}
          >
            {GRID_MESSAGES.exportAiDetails}
          </DropdownMenuCheckboxItem>
        )}
        <DropdownMenuCheckboxItem
          checked={hasBom}
          onCheckedChange={(checked) => setHasBom(checked === true)}
          // The menu stays open: the option is set before choosing a CSV export.
          onSelect={(event) => event.preventDefault()}
        >
          {GRID_MESSAGES.exportBom}
        </DropdownMenuCheckboxItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
