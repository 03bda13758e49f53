import { CopyIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { toast } from 'sonner'
import { AUTH_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'

/** A secret the server shows once (an API token, a webhook's signing secret), with Copy and Done. */
export function ShownOnceSecret({
  title,
  value,
  testId,
  copied,
  copyFailed,
  onDismiss,
}: {
  title: ReactNode
  value: string
  testId: string
  /** The toasts after Copy. */
  copied: string
  copyFailed: string
  onDismiss: () => void
}) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(value)
      toast.success(copied)
    } catch {
      toast.error(AUTH_MESSAGES.errorTitle, { description: copyFailed })
    }
  }

  return (
    <div role="status" className="grid gap-2 rounded-md border border-primary/40 bg-primary/5 p-3">
      <p className="text-sm font-medium">{title}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code data-testid={testId} className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-1 font-mono text-sm">
          {value}
        </code>
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          <CopyIcon aria-hidden="true" />
          Copy
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDismiss}>
          Done
        </Button>
      </div>
    </div>
  )
}
