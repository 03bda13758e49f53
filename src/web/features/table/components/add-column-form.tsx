import { PlusIcon } from 'lucide-react'
import { useState } from 'react'
import { GRID_MESSAGES } from '#common/messages'
import { columnTypeSchema, type ColumnType } from '#common/schemas/uploads'
import { Button } from '#web/components/ui/button'
import { Input } from '#web/components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select'
import { Spinner } from '#web/components/ui/spinner'

/** Add a column of type text, number, date or boolean (001 §5); the name rules are checked by the caller. */
export function AddColumnForm({ onAdd, isAdding }: { onAdd: (name: string, type: ColumnType) => Promise<boolean>; isAdding: boolean }) {
  const [name, setName] = useState('')
  const [type, setType] = useState<ColumnType>('text')

  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        if (name.trim() === '' || isAdding) return
        void onAdd(name, type).then((isAdded) => isAdded && setName(''))
      }}
    >
      <p className="text-sm font-medium">{GRID_MESSAGES.addColumn}</p>
      <div className="flex gap-2">
        <Input
          aria-label={GRID_MESSAGES.columnNameLabel}
          placeholder={GRID_MESSAGES.addColumnPlaceholder}
          value={name}
          maxLength={200}
          className="h-8 min-w-0 flex-1"
          onChange={(event) => setName(event.target.value)}
        />
        <Select value={type} onValueChange={(value) => setType(value as ColumnType)}>
          <SelectTrigger size="sm" aria-label={GRID_MESSAGES.columnTypeLabel} className="w-28">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {columnTypeSchema.options.map((option) => (
              <SelectItem key={option} value={option}>
                {GRID_MESSAGES.columnTypes[option]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <Button type="submit" size="sm" disabled={name.trim() === '' || isAdding}>
        {isAdding ? <Spinner /> : <PlusIcon aria-hidden="true" />}
        {GRID_MESSAGES.addColumn}
      </Button>
    </form>
  )
}
