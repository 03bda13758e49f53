import { ApiSettingsPage } from '#web/features/api-keys/components/api-settings-page'

export function ApiSettingsRoute() {
  return <ApiSettingsPage />
}
