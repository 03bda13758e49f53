import { useState, type ReactNode } from 'react'
import { GRID_MESSAGES } from '#common/messages'
import { ConfirmDialog } from '#web/components/confirm-dialog'
import { Button } from '#web/components/ui/button'

/** Delete with confirmation; a second click while one delete runs is ignored (001 §5). */
export function DeleteColumnButton({ name, isDeleting, onDelete, icon }: { name: string; isDeleting: boolean; onDelete: () => Promise<void>; icon: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false)
  return (
    <>
      <Button
        size="icon-xs"
        variant="ghost"
        aria-label={GRID_MESSAGES.deleteColumn(name)}
        disabled={isDeleting}
        className="hover:text-destructive"
        onClick={() => setIsOpen(true)}
      >
        {icon}
      </Button>
      {isOpen && (
        <ConfirmDialog
          title={GRID_MESSAGES.deleteColumnTitle(name)}
          description={GRID_MESSAGES.deleteColumnBody}
          confirmLabel={GRID_MESSAGES.delete}
          cancelLabel={GRID_MESSAGES.cancel}
          isPending={isDeleting}
          onConfirm={() => void onDelete().finally(() => setIsOpen(false))}
          onClose={() => setIsOpen(false)}
        />
      )}
    </>
  )
}
