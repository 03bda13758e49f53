import { PlusIcon } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { AI_COLUMN_MESSAGES, GRID_MESSAGES } from '#common/messages'
import type { UploadColumn } from '#common/schemas/uploads'
import { Button } from '#web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '#web/components/ui/dialog'
import { Input } from '#web/components/ui/input'
import { Label } from '#web/components/ui/label'
import { Spinner } from '#web/components/ui/spinner'
import { errorMessage } from '#web/lib/api-client'
import { useAddRows } from '../api/add-rows'

/**
 * 'Add row': a value for each column a user fills (AI and formula columns fill themselves), sent
 * through the rows API, so the row is cleaned, counted and auto-run as a script's row is.
 */
export function AddRowDialog({ uploadId, columns }: { uploadId: string; columns: UploadColumn[] }) {
  const [isOpen, setIsOpen] = useState(false)
  const [values, setValues] = useState<Record<string, string>>({})
  const [error, setError] = useState<string | null>(null)
  const add = useAddRows(uploadId)
  const editable = columns.filter((column) => column.kind !== 'ai' && column.kind !== 'formula')

  const submit = () => {
    const row = Object.fromEntries(editable.filter((column) => (values[column.key] ?? '').trim() !== '').map((column) => [column.name, values[column.key]!]))
    if (Object.keys(row).length === 0) {
      setError(GRID_MESSAGES.addRowEmpty)
      return
    }
    add.mutate([row], {
      onSuccess: (result) => {
        toast.success(GRID_MESSAGES.rowAdded((result.addedRowIndexes[0] ?? 0) + 1))
        setValues({})
        setError(null)
        setIsOpen(false)
      },
      onError: (failure) => setError(errorMessage(failure, GRID_MESSAGES.addRowFailed)),
    })
  }

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        setIsOpen(open)
        if (!open) setError(null)
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <PlusIcon aria-hidden="true" />
          {GRID_MESSAGES.addRow}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] grid-rows-[auto_minmax(0,1fr)_auto] sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{GRID_MESSAGES.addRowTitle}</DialogTitle>
          <DialogDescription>{GRID_MESSAGES.addRowDescription}</DialogDescription>
        </DialogHeader>
        <form
          id="add-row-form"
          className="grid min-h-0 gap-3 overflow-y-auto px-0.5"
          onSubmit={(event) => {
            event.preventDefault()
            if (!add.isPending) submit()
          }}
        >
          {editable.map((column, i) => (
            <div key={column.key} className="grid gap-1">
              <Label htmlFor={`add-row-${column.key}`}>{column.name}</Label>
              <Input
                id={`add-row-${column.key}`}
                autoFocus={i === 0}
                value={values[column.key] ?? ''}
                maxLength={10_000}
                onChange={(event) => setValues((old) => ({ ...old, [column.key]: event.target.value }))}
              />
            </div>
          ))}
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setIsOpen(false)}>
            {AI_COLUMN_MESSAGES.cancel}
          </Button>
          <Button type="submit" form="add-row-form" disabled={add.isPending}>
            {add.isPending ? <Spinner /> : <PlusIcon aria-hidden="true" />}
            {GRID_MESSAGES.addRow}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
