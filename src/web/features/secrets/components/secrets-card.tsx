import { KeyRoundIcon, Trash2Icon } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { SECRET_MESSAGES } from '#common/messages'
import { secretNameSchema } from '#common/schemas/sources'
import { ConfirmDialog } from '#web/components/confirm-dialog'
import { Button } from '#web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card'
import { Input } from '#web/components/ui/input'
import { Label } from '#web/components/ui/label'
import { Skeleton } from '#web/components/ui/skeleton'
import { errorMessage } from '#web/lib/api-client'
import { formatRelativeTime } from '#web/lib/relative-time'
import { useRemoveSecret, useSaveSecret, useSecrets } from '../api/secrets'

/**
 * API Settings' 'Secrets' (issue 43): keys of data providers that HTTP API columns send as
 * `{secret:NAME}`. A value is typed once and never shown again; saving under a saved name replaces it.
 */
export function SecretsCard() {
  const { data, isPending, isError, refetch } = useSecrets()
  const save = useSaveSecret()
  const [name, setName] = useState('')
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = secretNameSchema.safeParse(name)
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? SECRET_MESSAGES.nameFormat)
    if (!value) return setError(SECRET_MESSAGES.valueRequired)
    setError(null)
    try {
      await save.mutateAsync({ name: parsed.data, value })
      setName('')
      setValue('')
      toast.success(SECRET_MESSAGES.saved)
    } catch (caught) {
      setError(errorMessage(caught, 'The secret could not be saved. Try again.'))
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRoundIcon className="size-5 text-primary" aria-hidden="true" />
          Secrets
        </CardTitle>
        <CardDescription>
          API keys of your data providers, for HTTP API columns. Write <code className="font-mono">{'{secret:NAME}'}</code> in a column's URL, headers or body; the value is
          stored encrypted and never shown again.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" onSubmit={(event) => void submit(event)} aria-label="Add a secret">
          <div className="grid gap-1.5">
            <Label htmlFor="secret-name">Name</Label>
            <Input id="secret-name" value={name} onChange={(e) => setName(e.target.value)} placeholder="HUNTER_KEY" autoComplete="off" spellCheck={false} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="secret-value">Value</Label>
            <Input id="secret-value" type="password" value={value} onChange={(e) => setValue(e.target.value)} autoComplete="off" />
          </div>
          <Button type="submit" disabled={save.isPending}>
            Save secret
          </Button>
          {error && (
            <p role="alert" className="text-sm text-destructive sm:col-span-3">
              {error}
            </p>
          )}
        </form>
        {isPending && <Skeleton className="h-10" />}
        {isError && (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            Failed to load your secrets.
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        )}
        {data && data.secrets.length === 0 && <p className="text-sm text-muted-foreground">No secrets yet.</p>}
        {data && data.secrets.length > 0 && (
          <ul className="grid gap-2" aria-label="Your secrets">
            {data.secrets.map((secret) => (
              <SecretItem key={secret.name} name={secret.name} updatedAt={secret.updatedAt} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

function SecretItem({ name, updatedAt }: { name: string; updatedAt: string }) {
  const remove = useRemoveSecret()
  const [confirming, setConfirming] = useState(false)
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2">
      <div className="grid min-w-0">
        <span className="font-mono text-sm break-all">{name}</span>
        <span className="text-xs text-muted-foreground">Saved {formatRelativeTime(updatedAt)} · ••••••••</span>
      </div>
      <Button variant="outline" size="sm" onClick={() => setConfirming(true)} aria-label={`Remove ${name}`}>
        <Trash2Icon aria-hidden="true" />
        Remove
      </Button>
      {confirming && (
        <ConfirmDialog
          title={`Remove ${name}?`}
          description="HTTP API columns that send it will fail until you save it again."
          confirmLabel="Remove"
          isPending={remove.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            void remove.mutateAsync(name).then(
              () => {
                setConfirming(false)
                toast.success(SECRET_MESSAGES.removed)
              },
              (caught: unknown) => toast.error(errorMessage(caught, 'The secret could not be removed. Try again.')),
            )
          }
        />
      )}
    </li>
  )
}
