import { ApiSettingsPage } from '#web/features/api-keys/components/api-settings-page'
import { ApiTokensCard } from '#web/features/api-tokens/components/api-tokens-card'
import { McpConnectCard } from '#web/features/api-tokens/components/mcp-connect-card'
import { SecretsCard } from '#web/features/secrets/components/secrets-card'
import { WebhooksCard } from '#web/features/webhooks/components/webhooks-card'

export function ApiSettingsRoute() {
  return (
    <ApiSettingsPage
      tokens={
        <>
          <SecretsCard />
          <ApiTokensCard />
          <McpConnectCard />
        </>
      }
      webhooks={<WebhooksCard />}
    />
  )
}
