import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#web/components/ui/dialog'
import { GRID_MESSAGES } from '#common/messages'

/** The expandable cell view: the whole value of a cell cut at 40 characters in the grid. */
export function CellValueDialog({ title, value, onClose }: { title: string; value: string; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="sr-only">{GRID_MESSAGES.expandCell}</DialogDescription>
        </DialogHeader>
        <p className="max-h-[60vh] overflow-y-auto rounded-md bg-muted px-3 py-2 text-sm break-words whitespace-pre-wrap">{value}</p>
      </DialogContent>
    </Dialog>
  )
}
