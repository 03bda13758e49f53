import { useId, useRef, useState } from 'react'
import { toast } from 'sonner'
import { GRID_MESSAGES } from '#common/messages'
import type { UploadColumn } from '#common/schemas/uploads'
import { inputModeFor, readCellDraft } from '../lib/cell-input'

type CellEditorProps = {
  column: UploadColumn
  value: string
  label: string
  isSaving: boolean
  onSave: (value: string | null) => void
  onCancel: () => void
}

const fieldClass =
  'h-full w-full min-w-0 bg-background px-3 text-sm outline-none ring-2 ring-primary ring-inset disabled:opacity-60 aria-invalid:ring-destructive'

/**
 * The in-place editor, typed by the column (number, date, true/false, text): Enter saves, Escape
 * cancels, leaving the cell saves a change. A value the column cannot hold is refused here with
 * the server's message (Enter keeps the editor open on it, leaving the cell keeps the old value);
 * the server checks it again (422).
 */
export function CellEditor({ column, value, label, isSaving, onSave, onCancel }: CellEditorProps) {
  const [draft, setDraft] = useState(value)
  const [error, setError] = useState<string | null>(null)
  const errorId = useId()
  const isDone = useRef(false)

  const cancel = () => {
    isDone.current = true
    onCancel()
  }
  const save = ({ isLeaving }: { isLeaving: boolean }) => {
    if (isDone.current || isSaving) return
    if (draft === value) return cancel()
    const read = readCellDraft(column.type, column.name, draft)
    if ('value' in read) return onSave(read.value)
    if (!isLeaving) return setError(read.error)
    toast.error(read.error, { description: GRID_MESSAGES.cellKeptOld })
    cancel()
  }
  const onKeyDown = (event: React.KeyboardEvent) => {
    // The grid's own keys (arrows, Space, Ctrl+A) belong to the editor while it is open.
    event.stopPropagation()
    if (event.key === 'Enter') {
      event.preventDefault()
      save({ isLeaving: false })
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
        onBlur={() => save({ isLeaving: true })}
        className={fieldClass}
      >
        <option value="">{GRID_MESSAGES.booleanEmpty}</option>
        <option value="true">{GRID_MESSAGES.booleanTrue}</option>
        <option value="false">{GRID_MESSAGES.booleanFalse}</option>
      </select>
    )
  }

  return (
    <>
      <input
        autoFocus
        aria-label={label}
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        type="text"
        inputMode={inputModeFor(column.type)}
        placeholder={column.type === 'date' ? GRID_MESSAGES.datePlaceholder : undefined}
        value={draft}
        disabled={isSaving}
        onChange={(event) => {
          setDraft(event.target.value)
          setError(null)
        }}
        onKeyDown={onKeyDown}
        onBlur={() => save({ isLeaving: true })}
        onFocus={(event) => event.currentTarget.select()}
        className={fieldClass}
      />
      {error && (
        <p
          id={errorId}
          role="alert"
          className="absolute top-full left-0 z-20 mt-1 w-max max-w-72 rounded-md bg-destructive px-2 py-1 text-xs text-white shadow-md"
        >
          {error}
        </p>
      )}
    </>
  )
}
