import { Trash2Icon } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { GRID_MESSAGES } from '#common/messages'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog'
import { Button } from '#web/components/ui/button'
import { Spinner } from '#web/components/ui/spinner'
import { errorStatus } from '#web/lib/api-client'
import { useDeleteRows } from '../api/delete-rows'

/** The selection bar: how many rows are selected, and 'Delete Selected' with its confirmation (001 §5). */
export function SelectionBar({ uploadId, rowIndexes, onClear }: { uploadId: string; rowIndexes: number[]; onClear: () => void }) {
  const [isConfirming, setIsConfirming] = useState(false)
  const deleteRows = useDeleteRows(uploadId)
  if (rowIndexes.length === 0) return null

  const confirm = () => {
    deleteRows.mutate(
      { rowIndexes },
      {
        onSuccess: () => {
          toast.success(GRID_MESSAGES.rowsDeleted)
          setIsConfirming(false)
          onClear()
        },
        onError: (error) => {
          toast.error(errorStatus(error) === undefined ? GRID_MESSAGES.deleteRowsUnexpected : GRID_MESSAGES.deleteRowsFailed)
          setIsConfirming(false)
        },
      },
    )
  }

  return (
    <div role="region" aria-label={GRID_MESSAGES.selectedCount(rowIndexes.length)} className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/60 px-3 py-2 text-sm">
      <span aria-live="polite" className="font-medium">
        {GRID_MESSAGES.selectedCount(rowIndexes.length)}
      </span>
      <Button variant="ghost" size="sm" onClick={onClear}>
        {GRID_MESSAGES.clearSelection}
      </Button>
      <Button variant="destructive" size="sm" className="ml-auto" onClick={() => setIsConfirming(true)}>
        <Trash2Icon aria-hidden="true" />
        {GRID_MESSAGES.deleteSelected}
      </Button>
      <AlertDialog open={isConfirming} onOpenChange={(open) => !deleteRows.isPending && setIsConfirming(open)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{GRID_MESSAGES.deleteRowsTitle}</AlertDialogTitle>
            <AlertDialogDescription>{GRID_MESSAGES.deleteRowsConfirm(rowIndexes.length)}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={deleteRows.isPending}>{GRID_MESSAGES.cancel}</AlertDialogCancel>
            <AlertDialogAction
              disabled={deleteRows.isPending}
              className="bg-destructive text-white hover:bg-destructive/90"
              onClick={(event) => {
                event.preventDefault()
                confirm()
              }}
            >
              {deleteRows.isPending && <Spinner />}
              {GRID_MESSAGES.delete}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  )
}
