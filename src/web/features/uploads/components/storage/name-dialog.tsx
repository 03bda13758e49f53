import { useState } from 'react'
import { Input } from '#web/components/ui/input'
import { Label } from '#web/components/ui/label'
import { FormDialog } from './form-dialog'

type NameDialogProps = {
  title: string
  description: string
  label: string
  placeholder: string
  submitLabel: string
  /** The current name for a rename: submitting it unchanged is not allowed (001 §5). */
  initialName?: string
  isPending: boolean
  onSubmit: (name: string) => void
  onClose: () => void
}

/** One name field: 'Create New Folder' and 'Rename File'. Enter submits; blank names cannot. */
export function NameDialog({ title, description, label, placeholder, submitLabel, initialName = '', isPending, onSubmit, onClose }: NameDialogProps) {
  const [name, setName] = useState(initialName)
  const trimmed = name.trim()

  return (
    <FormDialog
      title={title}
      description={description}
      submitLabel={submitLabel}
      canSubmit={trimmed !== '' && trimmed !== initialName && !isPending}
      isPending={isPending}
      onSubmit={() => onSubmit(trimmed)}
      onClose={onClose}
    >
      <Label htmlFor="name-dialog-input">{label}</Label>
      <Input
        id="name-dialog-input"
        value={name}
        placeholder={placeholder}
        maxLength={255}
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => setName(event.target.value)}
      />
    </FormDialog>
  )
}
