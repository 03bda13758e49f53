import { useState, type ReactNode } from 'react'
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
  AlertDialogTrigger,
} from '#web/components/ui/alert-dialog'
import { Button } from '#web/components/ui/button'
import { Spinner } from '#web/components/ui/spinner'

/** Delete with confirmation; a second click while one delete runs is ignored (001 §5). */
export function DeleteColumnButton({ name, isDeleting, onDelete, icon }: { name: string; isDeleting: boolean; onDelete: () => Promise<void>; icon: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false)
  return (
    <AlertDialog open={isOpen} onOpenChange={setIsOpen}>
      <AlertDialogTrigger asChild>
        <Button size="icon-xs" variant="ghost" aria-label={GRID_MESSAGES.deleteColumn(name)} disabled={isDeleting} className="hover:text-destructive">
          {icon}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{GRID_MESSAGES.deleteColumnTitle(name)}</AlertDialogTitle>
          <AlertDialogDescription>{GRID_MESSAGES.deleteColumnBody}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{GRID_MESSAGES.cancel}</AlertDialogCancel>
          <AlertDialogAction
            disabled={isDeleting}
            className="bg-destructive text-white hover:bg-destructive/90"
            onClick={(event) => {
              event.preventDefault()
              if (isDeleting) return
              void onDelete().finally(() => setIsOpen(false))
            }}
          >
            {isDeleting && <Spinner />}
            {GRID_MESSAGES.delete}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
