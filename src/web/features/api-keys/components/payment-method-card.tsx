import { WalletIcon } from 'lucide-react'
import { toast } from 'sonner'
import { API_KEY_MESSAGES, AUTH_MESSAGES } from '#common/messages'
import type { ApiSettings } from '#common/schemas/api-keys'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card'
import { Label } from '#web/components/ui/label'
import { Switch } from '#web/components/ui/switch'
import { useUpdateKeyPreference } from '../api/update-key-preference'
import { KeyStatusBadge } from './key-status-badge'

/** The payment method switch (001 §4): available only with an active key. */
export function PaymentMethodCard({ settings }: { settings: ApiSettings }) {
  const updatePreference = useUpdateKeyPreference()

  async function toggle(prefer: boolean) {
    try {
      await updatePreference.mutateAsync({ prefer_api_key: prefer })
      toast.success(API_KEY_MESSAGES.preferenceTitle, {
        description: prefer ? API_KEY_MESSAGES.preferenceOwnKey : API_KEY_MESSAGES.preferenceCredits,
      })
    } catch {
      toast.error(AUTH_MESSAGES.errorTitle, { description: API_KEY_MESSAGES.preferenceFailed })
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <WalletIcon className="size-5 text-primary" aria-hidden="true" />
          Payment Method
        </CardTitle>
        <CardDescription>Choose what pays for AI actions: platform credits or your own API key.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor="prefer-api-key" className="grid gap-1">
            <span>Use my API key</span>
            <span className="text-sm font-normal text-muted-foreground">
              {settings.has_active_key ? 'AI actions run on your key and use no credits.' : 'Save an API key to enable this option.'}
            </span>
          </Label>
          <Switch
            id="prefer-api-key"
            checked={settings.using_own_key}
            disabled={!settings.has_active_key || updatePreference.isPending}
            onCheckedChange={(checked) => void toggle(checked)}
          />
        </div>
        <KeyStatusBadge isUsingOwnKey={settings.using_own_key} />
      </CardContent>
    </Card>
  )
}
