import { AlertCircleIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { API_SETTINGS_MESSAGES, PAGE_TITLES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import { Skeleton } from '#web/components/ui/skeleton'
import { useApiSettings } from '../api/get-api-settings'
import { ApiKeyForm } from './api-key-form'
import { BenefitsCard, SecurityNotesCard } from './api-key-info-cards'
import { CurrentConfigurationCard } from './current-configuration-card'
import { KeyStatusBadge } from './key-status-badge'
import { PaymentMethodCard } from './payment-method-card'

/**
 * API Settings (001 §2, §4): configuration, key form, benefits, security notes, the payment switch;
 * below them the API tokens and webhooks (issue 24), features of their own that the route hands in.
 */
export function ApiSettingsPage({ tokens, webhooks }: { tokens: ReactNode; webhooks: ReactNode }) {
  const { data: settings, isPending, isError, refetch } = useApiSettings()
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">{PAGE_TITLES.apiSettings}</h1>
          <p className="text-muted-foreground">{API_SETTINGS_MESSAGES.subtitle}</p>
        </div>
        {settings && <KeyStatusBadge isUsingOwnKey={settings.using_own_key} />}
      </div>
      {isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-destructive/50 p-4 text-sm">
          <AlertCircleIcon className="size-4 text-destructive" aria-hidden="true" />
          Failed to load your API settings.
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      )}
      {isPending && (
        <div className="grid gap-6 lg:grid-cols-2">
          <Skeleton className="h-64" />
          <Skeleton className="h-64" />
        </div>
      )}
      {settings && (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <div className="grid gap-6">
            <CurrentConfigurationCard settings={settings} />
            <PaymentMethodCard settings={settings} />
          </div>
          <div className="grid gap-6">
            <ApiKeyForm />
            <BenefitsCard />
            <SecurityNotesCard />
          </div>
        </div>
      )}
      {tokens}
      {webhooks}
    </div>
  )
}
