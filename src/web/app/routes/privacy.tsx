import { PrivacyPage } from '#web/features/marketing/components/privacy-page'

export function PrivacyRoute() {
  return <PrivacyPage />
}
