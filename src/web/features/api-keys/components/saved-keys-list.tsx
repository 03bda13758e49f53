import { Trash2Icon } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { API_KEY_MESSAGES, AUTH_MESSAGES } from '#common/messages'
import { AI_KEY_PROVIDER_LABELS, type ApiKeySummary } from '#common/schemas/api-keys'
import { ConfirmDialog } from '#web/components/confirm-dialog'
import { Button } from '#web/components/ui/button'
import { useRemoveApiKey } from '../api/remove-api-key'

/** The user's active keys, each shown by its last four characters, with Remove (confirmed first). */
export function SavedKeysList({ keys }: { keys: ApiKeySummary[] }) {
  if (keys.length === 0) return <p className="text-sm text-muted-foreground">No API key saved yet. AI actions use platform credits.</p>
  return (
    <ul className="grid gap-2">
      {keys.map((key) => (
        <li key={key.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
          <div className="grid min-w-0 gap-0.5">
            <span className="font-medium">{AI_KEY_PROVIDER_LABELS[key.provider]}</span>
            <span className="truncate font-mono text-sm text-muted-foreground">
              {key.last_four ? `••••••••${key.last_four}` : 'No key'}
              {key.base_url && ` · ${key.base_url}`}
              {key.model && ` · ${key.model}`}
            </span>
          </div>
          <RemoveKeyButton keySummary={key} />
        </li>
      ))}
    </ul>
  )
}

function RemoveKeyButton({ keySummary }: { keySummary: ApiKeySummary }) {
  const removeKey = useRemoveApiKey()
  const [isOpen, setIsOpen] = useState(false)
  const label = AI_KEY_PROVIDER_LABELS[keySummary.provider]

  async function remove() {
    try {
      await removeKey.mutateAsync(keySummary.id)
      toast.success(API_KEY_MESSAGES.removedTitle, { description: API_KEY_MESSAGES.removedBody })
    } catch {
      toast.error(AUTH_MESSAGES.errorTitle, { description: API_KEY_MESSAGES.removeFailed })
    } finally {
      setIsOpen(false)
    }
  }

  return (
    <>
      <Button variant="outline" size="sm" aria-label={`Remove ${label} key`} onClick={() => setIsOpen(true)}>
        <Trash2Icon aria-hidden="true" />
        Remove
      </Button>
      {isOpen && (
        <ConfirmDialog
          title={API_KEY_MESSAGES.removeConfirmTitle}
          description={API_KEY_MESSAGES.removeConfirmBody}
          confirmLabel="Remove"
          isPending={removeKey.isPending}
          onConfirm={() => void remove()}
          onClose={() => setIsOpen(false)}
        />
      )}
    </>
  )
}
