import { LightbulbIcon, XIcon } from 'lucide-react'
import { CHAT_MESSAGES } from '#common/messages'

/** What Magic Chat does and costs, until the user closes it or asks a first question. */
export function ChatExplainer({ onDismiss }: { onDismiss: () => void }) {
  return (
    <div className="flex gap-3 rounded-lg border bg-muted/40 px-3 py-3 text-sm" role="note" aria-label={CHAT_MESSAGES.explainerTitle}>
      <LightbulbIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <div className="grid flex-1 gap-1">
        <p className="font-medium">{CHAT_MESSAGES.explainerTitle}</p>
        <p className="text-muted-foreground">{CHAT_MESSAGES.explainerBody}</p>
      </div>
      <button
        type="button"
        aria-label={CHAT_MESSAGES.dismissExplainer}
        onClick={onDismiss}
        className="self-start rounded p-1 text-muted-foreground hover:bg-background hover:text-foreground"
      >
        <XIcon className="size-4" aria-hidden="true" />
      </button>
    </div>
  )
}
