import { HelpPage } from '#web/features/marketing/components/help-page'

export function HelpRoute() {
  return <HelpPage />
}
