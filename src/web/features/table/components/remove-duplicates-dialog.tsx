import { CopyMinusIcon, DownloadIcon, Trash2Icon } from 'lucide-react'
import { useId, useState } from 'react'
import { toast } from 'sonner'
import { DUPLICATES_MESSAGES, GRID_MESSAGES } from '#common/messages'
import { recordIdentityColumnsOf, type DuplicateKeep } from '#common/schemas/duplicates'
import type { UploadColumn } from '#common/schemas/uploads'
import { Badge } from '#web/components/ui/badge'
import { Button } from '#web/components/ui/button'
import { Checkbox } from '#web/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '#web/components/ui/dialog'
import { Label } from '#web/components/ui/label'
import { Spinner } from '#web/components/ui/spinner'
import { errorMessage, errorStatus } from '#web/lib/api-client'
import { createExport, saveBlob } from '../api/create-export'
import { usePreviewDuplicates } from '../api/preview-duplicates'
import { useRemoveDuplicates } from '../api/remove-duplicates'
import { exportFileName } from '../lib/export-file'

type Props = { uploadId: string; filename: string; columns: UploadColumn[] }

/**
 * What the dialog compares first: the columns that identify a record (`recordIdentityColumnsOf`,
 * the rule the quality report counts by), or whole rows when none does, so its first count is the
 * report's.
 */
const initialKeys = (columns: UploadColumn[]) => recordIdentityColumnsOf(columns).map((column) => column.key)

/**
 * 'Remove duplicates' (issue 30): by all columns or chosen ones, keeping the first or the most
 * complete row of each group. The count is shown before anything is deleted, the rows to go can
 * be downloaded first, and the removal deletes exactly the counted rows (or nothing, when they
 * changed meanwhile).
 */
export function RemoveDuplicatesDialog({ uploadId, filename, columns }: Props) {
  const [isOpen, setIsOpen] = useState(false)
  const [chosen, setChosen] = useState<string[]>(() => initialKeys(columns))
  const [mode, setMode] = useState<'all' | 'chosen'>(() => (initialKeys(columns).length > 0 ? 'chosen' : 'all'))
  const [keep, setKeep] = useState<DuplicateKeep>('first')
  const [isDownloading, setIsDownloading] = useState(false)
  const formId = useId()
  const identity = new Set(initialKeys(columns))

  const chosenKeys = columns.filter((column) => chosen.includes(column.key)).map((column) => column.key)
  const spec = { columns: mode === 'all' ? ('all' as const) : chosenKeys, keep }
  const canCount = mode === 'all' || chosenKeys.length > 0
  const preview = usePreviewDuplicates(uploadId, spec, { enabled: isOpen && canCount })
  const remover = useRemoveDuplicates(uploadId)
  const found = canCount ? preview.data : undefined
  const count = found?.duplicateRows ?? 0

  const toggle = (key: string, isChecked: boolean) =>
    setChosen((old) => (isChecked ? [...old.filter((k) => k !== key), key] : old.filter((k) => k !== key)))

  const download = async () => {
    if (!found || found.rowIndexes.length === 0) return
    setIsDownloading(true)
    try {
      const file = await createExport(uploadId, { format: 'csv', scope: 'selected', rowIndexes: found.rowIndexes, fileLabel: DUPLICATES_MESSAGES.fileLabel })
      saveBlob(file.blob, file.fileName ?? exportFileName(filename, 'selected', 'csv', DUPLICATES_MESSAGES.fileLabel))
    } catch (error) {
      toast.error(GRID_MESSAGES.exportFailed, { description: errorMessage(error, undefined) })
    } finally {
      setIsDownloading(false)
    }
  }

  const remove = () =>
    remover.mutate(
      { ...spec, expectedCount: count },
      {
        onSuccess: (result) => {
          toast.success(DUPLICATES_MESSAGES.removed(result.deleted))
          setIsOpen(false)
        },
        onError: (error) => {
          if (errorStatus(error) === 409) {
            toast.error(DUPLICATES_MESSAGES.changed)
            void preview.refetch()
            return
          }
          toast.error(DUPLICATES_MESSAGES.removeFailed, { description: errorMessage(error, undefined) })
        },
      },
    )

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <CopyMinusIcon aria-hidden="true" />
          {DUPLICATES_MESSAGES.openButton}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{DUPLICATES_MESSAGES.title}</DialogTitle>
          <DialogDescription>{DUPLICATES_MESSAGES.description}</DialogDescription>
        </DialogHeader>

        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{DUPLICATES_MESSAGES.compareLabel}</legend>
          <Choice name={`${formId}-mode`} value="chosen" checked={mode === 'chosen'} onChange={() => setMode('chosen')} label={DUPLICATES_MESSAGES.compareChosen} />
          {mode === 'chosen' && (
            <div className="grid gap-2 pl-6">
              <p className="text-xs text-muted-foreground">{DUPLICATES_MESSAGES.chosenHint}</p>
              <ul className="grid max-h-48 gap-1.5 overflow-y-auto rounded-md border p-2" aria-label={DUPLICATES_MESSAGES.compareChosen}>
                {columns.map((column) => {
                  const id = `${formId}-column-${column.key}`
                  return (
                    <li key={column.key} className="flex min-w-0 items-center gap-2">
                      <Checkbox id={id} checked={chosen.includes(column.key)} onCheckedChange={(value) => toggle(column.key, value === true)} />
                      <Label htmlFor={id} className="min-w-0 truncate font-normal">
                        {column.name}
                      </Label>
                      {identity.has(column.key) && (
                        <Badge variant="secondary" className="shrink-0">
                          {DUPLICATES_MESSAGES.identifierBadge}
                        </Badge>
                      )}
                    </li>
                  )
                })}
              </ul>
            </div>
          )}
          <Choice name={`${formId}-mode`} value="all" checked={mode === 'all'} onChange={() => setMode('all')} label={DUPLICATES_MESSAGES.compareAll} />
        </fieldset>

        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{DUPLICATES_MESSAGES.keepLabel}</legend>
          <Choice name={`${formId}-keep`} value="first" checked={keep === 'first'} onChange={() => setKeep('first')} label={DUPLICATES_MESSAGES.keepFirst} />
          <Choice
            name={`${formId}-keep`}
            value="most_complete"
            checked={keep === 'most_complete'}
            onChange={() => setKeep('most_complete')}
            label={DUPLICATES_MESSAGES.keepMostComplete}
          />
        </fieldset>

        <p role="status" aria-live="polite" className="rounded-md border bg-muted/50 px-3 py-2 text-sm font-medium">
          {!canCount ? (
            DUPLICATES_MESSAGES.chooseColumn
          ) : preview.isError ? (
            errorMessage(preview.error, DUPLICATES_MESSAGES.removeFailed)
          ) : found && !preview.isFetching ? (
            DUPLICATES_MESSAGES.found(found.duplicateRows, found.groups)
          ) : (
            <span className="flex items-center gap-2">
              <Spinner aria-hidden="true" />
              {DUPLICATES_MESSAGES.counting}
            </span>
          )}
        </p>

        <DialogFooter className="gap-2 sm:justify-between">
          <Button variant="outline" onClick={() => void download()} disabled={!found || count === 0 || preview.isFetching || isDownloading}>
            {isDownloading ? <Spinner aria-hidden="true" /> : <DownloadIcon aria-hidden="true" />}
            {DUPLICATES_MESSAGES.download(count)}
          </Button>
          <Button variant="destructive" onClick={remove} disabled={!found || count === 0 || preview.isFetching || remover.isPending}>
            {remover.isPending ? <Spinner aria-hidden="true" /> : <Trash2Icon aria-hidden="true" />}
            {DUPLICATES_MESSAGES.remove(count)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

function Choice({ name, value, checked, onChange, label }: { name: string; value: string; checked: boolean; onChange: () => void; label: string }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="radio" name={name} value={value} checked={checked} onChange={onChange} className="size-4 accent-primary" />
      {label}
    </label>
  )
}
