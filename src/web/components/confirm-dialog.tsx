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
import { Spinner } from '#web/components/ui/spinner'

type ConfirmDialogProps = {
  title: string
  description: string
  confirmLabel: string
  isPending: boolean
  onConfirm: () => void
  onClose: () => void
  cancelLabel?: string
}

/** A destructive action's confirmation, saying what happens to what; it stays open while the action runs. */
export function ConfirmDialog({ title, description, confirmLabel, isPending, onConfirm, onClose, cancelLabel = 'Cancel' }: ConfirmDialogProps) {
  return (
    <AlertDialog open onOpenChange={(open) => !open && !isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle className="break-all">{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction
            className="bg-destructive text-white hover:bg-destructive/90"
            disabled={isPending}
            onClick={(event) => {
              event.preventDefault()
              onConfirm()
            }}
          >
            {isPending && <Spinner />}
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
