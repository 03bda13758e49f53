import { Trash2Icon } from 'lucide-react'
import { toast } from 'sonner'
import { AI_COLUMN_MESSAGES, AI_FIELD_MESSAGES } from '#common/messages'
import type { AiField } from '#common/schemas/enrichment'
import { Button } from '#web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog'
import { Skeleton } from '#web/components/ui/skeleton'
import { errorMessage } from '#web/lib/api-client'
import { useAiFieldExamples } from '../api/get-ai-field-examples'
import { useRemoveAiFieldExample } from '../api/remove-ai-field-example'

/** A column's examples (decision 038): each corrected row's inputs and value, each removable. */
export function ExamplesDialog({ uploadId, field, onClose }: { uploadId: string; field: AiField; onClose: () => void }) {
  const examples = useAiFieldExamples(uploadId, field.id)
  const remove = useRemoveAiFieldExample(uploadId, field.id)
  const list = examples.data?.examples

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{AI_COLUMN_MESSAGES.examplesTitle(field.name)}</DialogTitle>
          <DialogDescription>{AI_COLUMN_MESSAGES.examplesDescription}</DialogDescription>
        </DialogHeader>
        {examples.isPending && <Skeleton className="h-24" />}
        {examples.isError && <p role="alert" className="text-sm text-destructive">{errorMessage(examples.error, AI_FIELD_MESSAGES.errorTitle)}</p>}
        {list && list.length === 0 && <p className="text-sm text-muted-foreground">{AI_COLUMN_MESSAGES.examplesEmpty}</p>}
        {list && list.length > 0 && (
          <ul className="grid gap-2" aria-label={AI_COLUMN_MESSAGES.examplesTitle(field.name)}>
            {list.map((example) => (
              <li key={example.id} className="flex items-start gap-2 rounded-md border px-3 py-2 text-sm" data-testid="ai-field-example">
                <div className="grid min-w-0 flex-1 gap-1">
                  <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs text-muted-foreground">
                    {example.inputs.map((input) => (
                      <div key={input.column} className="contents">
                        <dt className="font-medium">{input.column}</dt>
                        <dd className="truncate">{input.value}</dd>
                      </div>
                    ))}
                  </dl>
                  <p className="break-words">
                    <span className="text-xs font-medium text-muted-foreground">{AI_COLUMN_MESSAGES.exampleValue}: </span>
                    {example.value}
                  </p>
                </div>
                <Button
                  size="icon-xs"
                  variant="ghost"
                  aria-label={AI_COLUMN_MESSAGES.removeExample(example.rowIndex + 1)}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(example.id, {
                      onSuccess: () => toast.success(AI_COLUMN_MESSAGES.exampleRemoved),
                      onError: (error) => toast.error(AI_FIELD_MESSAGES.errorTitle, { description: errorMessage(error, undefined) }),
                    })
                  }
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {AI_COLUMN_MESSAGES.close}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
