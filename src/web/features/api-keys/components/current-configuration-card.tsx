import { CheckCircle2Icon, CircleDashedIcon, ServerIcon } from 'lucide-react'
import type { ApiSettings } from '#common/schemas/api-keys'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card'
import { Separator } from '#web/components/ui/separator'
import { SavedKeysList } from './saved-keys-list'

const PLATFORM_PROVIDERS = [
  { id: 'openai', label: 'OpenAI', purpose: 'AI columns, prompt tests and Magic Chat' },
  { id: 'anthropic', label: 'Anthropic', purpose: 'AI columns, prompt tests and Magic Chat' },
  { id: 'perplexity', label: 'Perplexity', purpose: 'Advanced web search' },
] as const

/** What the platform runs on (never a secret) and the user's own saved keys. */
export function CurrentConfigurationCard({ settings }: { settings: ApiSettings }) {
  const { platform } = settings
  const hasPlatformProvider = Object.values(platform.providers).some(Boolean) || platform.custom_base_url
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ServerIcon className="size-5 text-primary" aria-hidden="true" />
          Current Configuration
        </CardTitle>
        <CardDescription>The AI providers this workspace is connected to, and the keys you saved.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <section aria-labelledby="platform-providers" className="grid gap-2">
          <h2 id="platform-providers" className="text-sm font-medium">
            Platform providers
          </h2>
          <ul className="grid gap-2">
            {PLATFORM_PROVIDERS.map((provider) => {
              const isConfigured = platform.providers[provider.id] || (provider.id === 'openai' && platform.custom_base_url)
              return (
                <li key={provider.id} className="flex items-start gap-2 text-sm">
                  {isConfigured ? (
                    <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden="true" />
                  ) : (
                    <CircleDashedIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  )}
                  <span>
                    <span className="font-medium">{provider.label}</span>: {isConfigured ? 'configured' : 'not configured'}
                    <span className="block text-muted-foreground">{provider.purpose}</span>
                  </span>
                </li>
              )
            })}
          </ul>
          {platform.custom_base_url && <p className="text-sm text-muted-foreground">OpenAI calls go to a self-hosted OpenAI-compatible server.</p>}
          {(platform.model || platform.web_model) && (
            <p className="text-sm text-muted-foreground">
              {platform.model && <>Model: <span className="font-mono">{platform.model}</span>. </>}
              {platform.web_model && <>Web search model: <span className="font-mono">{platform.web_model}</span>.</>}
            </p>
          )}
          {!hasPlatformProvider && (
            <p className="rounded-md bg-muted p-3 text-sm">
              No AI provider is connected to this workspace yet. Save your own key below, or ask the operator to set{' '}
              <code>OPENAI_API_KEY</code> (or <code>OPENAI_BASE_URL</code> for Ollama), <code>ANTHROPIC_API_KEY</code> or{' '}
              <code>PERPLEXITY_API_KEY</code>.
            </p>
          )}
        </section>
        <Separator />
        <section aria-labelledby="your-keys" className="grid gap-2">
          <h2 id="your-keys" className="text-sm font-medium">
            Your API keys
          </h2>
          <SavedKeysList keys={settings.keys} />
        </section>
      </CardContent>
    </Card>
  )
}
