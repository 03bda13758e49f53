import { ColumnsIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { toast } from 'sonner'
import { CHAT_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import { Input } from '#web/components/ui/input'
import { Label } from '#web/components/ui/label'
import { errorMessage } from '#web/lib/api-client'
import { useCreateFormulaColumn } from '../api/create-formula-column'
import { suggestedColumnName } from '../lib/formula-name'

/**
 * The offer an answer makes when the conversation needs a derived value again (issue 32): keep
 * the formula as a column, computed by the database for every row, under a name the user picks.
 */
export function SaveFormulaOffer({ uploadId, formula }: { uploadId: string; formula: string }) {
  const id = useId()
  const [name, setName] = useState(() => suggestedColumnName(formula))
  const create = useCreateFormulaColumn(uploadId)
  if (create.isSuccess) return <p className="text-xs text-muted-foreground" role="status">{CHAT_MESSAGES.savedFormula(create.data.name)}</p>

  return (
    <form
      aria-label={CHAT_MESSAGES.saveFormulaTitle}
      className="grid gap-2 rounded-md border border-dashed px-3 py-2"
      onSubmit={(event) => {
        event.preventDefault()
        create.mutate(
          { name: name.trim(), formula },
          { onError: (error) => toast.error(CHAT_MESSAGES.saveFormulaFailed, { description: errorMessage(error, undefined) }) },
        )
      }}
    >
      <p className="flex items-center gap-2 text-sm font-medium">
        <ColumnsIcon className="size-4" aria-hidden="true" />
        {CHAT_MESSAGES.saveFormulaTitle}
      </p>
      <p className="text-xs text-muted-foreground">{CHAT_MESSAGES.saveFormulaHint(formula)}</p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid min-w-0 flex-1 gap-1">
          <Label htmlFor={id} className="text-xs">
            {CHAT_MESSAGES.saveFormulaName}
          </Label>
          <Input id={id} value={name} maxLength={200} onChange={(event) => setName(event.target.value)} />
        </div>
        <Button type="submit" size="sm" disabled={name.trim() === '' || create.isPending}>
          {CHAT_MESSAGES.saveFormula}
        </Button>
      </div>
    </form>
  )
}
