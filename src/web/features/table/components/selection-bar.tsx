import { Trash2Icon } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { GRID_MESSAGES } from '#common/messages'
import { ConfirmDialog } from '#web/components/confirm-dialog'
import { Button } from '#web/components/ui/button'
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
      {isConfirming && (
        <ConfirmDialog
          title={GRID_MESSAGES.deleteRowsTitle}
          description={GRID_MESSAGES.deleteRowsConfirm(rowIndexes.length)}
          confirmLabel={GRID_MESSAGES.delete}
          cancelLabel={GRID_MESSAGES.cancel}
          isPending={deleteRows.isPending}
          onConfirm={confirm}
          onClose={() => setIsConfirming(false)}
        />
      )}
    </div>
  )
}
