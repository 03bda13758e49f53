import { useRef, useState } from 'react'
import { GRID_MESSAGES } from '#common/messages'
import type { UploadColumn } from '#common/schemas/uploads'
import { inputTypeFor, toCellValue, toDateInputValue } from '../lib/cell-input'

type CellEditorProps = {
  column: UploadColumn
  value: string
  label: string
  isSaving: boolean
  onSave: (value: string | null) => void
  onCancel: () => void
}

const fieldClass = 'h-full w-full min-w-0 bg-background px-3 text-sm outline-none ring-2 ring-primary ring-inset disabled:opacity-60'

/**
 * The in-place editor, typed by the column (number, date, true/false, text): Enter saves, Escape
 * cancels, leaving the cell saves a change. The server checks the value again (422 with a message).
 */
export function CellEditor({ column, value, label, isSaving, onSave, onCancel }: CellEditorProps) {
  const initial = column.type === 'date' ? toDateInputValue(value) || value : value
  const [draft, setDraft] = useState(initial)
  const isDone = useRef(false)

  const save = () => {
    if (isDone.current || isSaving) return
    if (draft === initial) {
      isDone.current = true
      onCancel()
      return
    }
    onSave(toCellValue(draft))
  }
  const cancel = () => {
    isDone.current = true
    onCancel()
  }
  const onKeyDown = (event: React.KeyboardEvent) => {
    // The grid's own keys (arrows, Space, Ctrl+A) belong to the editor while it is open.
    event.stopPropagation()
    if (event.key === 'Enter') {
      event.preventDefault()
      save()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      cancel()
    }
  }

  if (column.type === 'boolean') {
    return (
      <select
        autoFocus
        aria-label={label}
        value={draft}
        disabled={isSaving}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={save}
        className={fieldClass}
      >
        <option value="">{GRID_MESSAGES.booleanEmpty}</option>
        <option value="true">{GRID_MESSAGES.booleanTrue}</option>
        <option value="false">{GRID_MESSAGES.booleanFalse}</option>
      </select>
    )
  }

  // A stored date the date input cannot show stays editable as text rather than being wiped.
  const type = column.type === 'date' && draft !== '' && toDateInputValue(draft) === '' ? 'text' : inputTypeFor(column.type)
  return (
    <input
      autoFocus
      aria-label={label}
      type={type}
      step={type === 'number' ? 'any' : undefined}
      value={draft}
      disabled={isSaving}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={save}
      onFocus={(event) => type === 'text' && event.currentTarget.select()}
      className={fieldClass}
    />
  )
}
