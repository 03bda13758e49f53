import { TermsPage } from '#web/features/marketing/components/terms-page'

export function TermsRoute() {
  return <TermsPage />
}
