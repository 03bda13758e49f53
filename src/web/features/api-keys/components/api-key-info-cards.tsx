import { ShieldCheckIcon, SparklesIcon } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card'

const BENEFITS = [
  'AI actions on your own key use no platform credits.',
  "Your provider's own rate limits and billing apply.",
  'Bring OpenAI, Anthropic, Perplexity, or a local OpenAI-compatible model (Ollama, vLLM, LM Studio).',
  'Switch back to platform credits at any time.',
]

const SECURITY_NOTES = [
  'Keys are encrypted with AES-256-GCM before they are stored.',
  'Only the last four characters of a key are ever shown again.',
  'Each key is checked with a one-token test call before it is saved.',
  'Removing a key erases it; it is used only for your own AI actions.',
]

function NoteList({ items }: { items: string[] }) {
  return (
    <ul className="grid list-disc gap-2 pl-5 text-sm text-muted-foreground">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  )
}

export function BenefitsCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <SparklesIcon className="size-5 text-primary" aria-hidden="true" />
          Benefits of Your Own Key
        </CardTitle>
      </CardHeader>
      <CardContent>
        <NoteList items={BENEFITS} />
      </CardContent>
    </Card>
  )
}

export function SecurityNotesCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheckIcon className="size-5 text-primary" aria-hidden="true" />
          Security
        </CardTitle>
      </CardHeader>
      <CardContent>
        <NoteList items={SECURITY_NOTES} />
      </CardContent>
    </Card>
  )
}
