import { useRef, useState } from 'react'
import { HEADER_CONFIDENCE } from '#common/constants'
import { UPLOAD_MESSAGES } from '#common/messages'
import type { ConfirmHeadersInput, HeaderPreview } from '#common/schemas/uploads'
import { Badge } from '#web/components/ui/badge'
import { Button } from '#web/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog'
import { Label } from '#web/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select'
import { Spinner } from '#web/components/ui/spinner'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#web/components/ui/table'
import { cn } from '#web/lib/cn'
import { confidencePercent, headerVerdict, isNoHeadersDefault, previewRowCount } from '../lib/header-verdict'

type HeaderDetectionDialogProps = {
  open: boolean
  fileName: string
  preview: HeaderPreview
  isSubmitting: boolean
  /** Another sheet of a workbook can be chosen (needs the file, so not for the sample). */
  canChooseSheet: boolean
  onConfirm: (choice: ConfirmHeadersInput) => void
  onChooseSheet: (sheet: string) => void
  onCancel: () => void
}

/**
 * 'Header Detection for {file}' (001 §2): the detector's confidence, verdict and reasons, the first
 * rows, and a header-row picker. Mount it with `key={uploadId}` so a new file starts fresh.
 */
export function HeaderDetectionDialog({
  open,
  fileName,
  preview,
  isSubmitting,
  canChooseSheet,
  onConfirm,
  onChooseSheet,
  onCancel,
}: HeaderDetectionDialogProps) {
  const rows = preview.rows.slice(0, previewRowCount(preview))
  const [headerRow, setHeaderRow] = useState(() => Math.min(preview.detectedHeaderRow, Math.max(rows.length - 1, 0)))
  const columnCount = Math.max(1, ...rows.map((row) => row.length))
  const percent = confidencePercent(preview.confidence)
  const sheets = preview.sheets ?? []
  const isNoHeaders = isNoHeadersDefault(preview.confidence)
  const noHeadersButton = useRef<HTMLButtonElement>(null)
  const headersButton = useRef<HTMLButtonElement>(null)

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !isSubmitting && onCancel()}>
      <DialogContent
        // One column no wider than the dialog: the preview table scrolls inside it instead of widening it.
        className="max-h-[calc(100dvh-2rem)] grid-cols-[minmax(0,1fr)] overflow-y-auto sm:max-w-3xl"
        onInteractOutside={(event) => event.preventDefault()}
        // The default answer has the focus, so Enter gives it.
        onOpenAutoFocus={(event) => {
          event.preventDefault()
          ;(isNoHeaders ? noHeadersButton : headersButton).current?.focus()
        }}
      >
        <DialogHeader>
          <DialogTitle className="pr-6 leading-snug break-words">{UPLOAD_MESSAGES.headerDialogTitle(fileName)}</DialogTitle>
          <DialogDescription>
            Check which row holds the column names before the rows are imported.
          </DialogDescription>
        </DialogHeader>

        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={preview.confidence >= HEADER_CONFIDENCE.maybe ? 'default' : 'secondary'}>
            {UPLOAD_MESSAGES.headerConfidence(percent)}
          </Badge>
          <p className="text-sm font-medium">{headerVerdict(preview.confidence)}</p>
        </div>

        {preview.reasons.length > 0 && (
          <div className="grid gap-1">
            <h3 className="text-sm font-medium">{UPLOAD_MESSAGES.headerReasons}</h3>
            <ul className="list-disc space-y-0.5 pl-5 text-sm text-muted-foreground">
              {preview.reasons.map((reason, index) => (
                <li key={index}>{reason}</li>
              ))}
            </ul>
          </div>
        )}

        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          {sheets.length > 1 && (
            <div className="grid gap-1.5">
              <Label htmlFor="header-dialog-sheet">{UPLOAD_MESSAGES.sheetLabel}</Label>
              <Select
                value={preview.sheet ?? sheets[0]}
                onValueChange={onChooseSheet}
                disabled={!canChooseSheet || isSubmitting}
              >
                <SelectTrigger id="header-dialog-sheet" className="w-full sm:w-56">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {sheets.map((sheet) => (
                    <SelectItem key={sheet} value={sheet}>
                      {sheet}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          )}
          {rows.length > 0 && (
            <div className="grid gap-1.5">
              <Label htmlFor="header-dialog-row">{UPLOAD_MESSAGES.headerRowLabel}</Label>
              <Select
                value={String(headerRow)}
                onValueChange={(value) => setHeaderRow(Number(value))}
                disabled={isSubmitting}
              >
                <SelectTrigger id="header-dialog-row" className="w-full sm:w-40">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {rows.map((_, index) => (
                    <SelectItem key={index} value={String(index)}>
                      Row {index + 1}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          )}
        </div>

        <div className="min-w-0 rounded-md border">
          <Table aria-label={`First ${rows.length} rows of ${fileName}`}>
            <TableHeader>
              <TableRow>
                <TableHead className="w-14 text-muted-foreground">Row</TableHead>
                {Array.from({ length: columnCount }, (_, index) => (
                  <TableHead key={index}>Col {index + 1}</TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row, rowIndex) => {
                const isHeader = rowIndex === headerRow
                return (
                  <TableRow
                    key={rowIndex}
                    data-state={isHeader ? 'selected' : undefined}
                    aria-selected={isHeader}
                    className={cn('cursor-pointer', isHeader && 'bg-primary/10 font-semibold data-[state=selected]:bg-primary/10')}
                    onClick={() => !isSubmitting && setHeaderRow(rowIndex)}
                  >
                    <TableCell className="text-muted-foreground">{rowIndex + 1}</TableCell>
                    {Array.from({ length: columnCount }, (_, columnIndex) => (
                      <TableCell key={columnIndex} className="max-w-48 truncate" title={row[columnIndex] ?? ''}>
                        {row[columnIndex] ?? ''}
                      </TableCell>
                    ))}
                  </TableRow>
                )
              })}
            </TableBody>
          </Table>
        </div>

        <DialogFooter className="gap-2">
          <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button
            ref={noHeadersButton}
            variant={isNoHeaders ? 'default' : 'secondary'}
            onClick={() => onConfirm({ hasHeaders: false, headerRowIndex: 0 })}
            disabled={isSubmitting}
          >
            {UPLOAD_MESSAGES.noHeaders}
          </Button>
          <Button
            ref={headersButton}
            variant={isNoHeaders ? 'secondary' : 'default'}
            onClick={() => onConfirm({ hasHeaders: true, headerRowIndex: headerRow })}
            disabled={isSubmitting || rows.length === 0}
          >
            {isSubmitting && <Spinner aria-hidden="true" role="presentation" />}
            {UPLOAD_MESSAGES.useAsHeaders}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
