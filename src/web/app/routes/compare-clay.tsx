import { CompareClayPage } from '#web/features/marketing/components/compare-clay-page'

export function CompareClayRoute() {
  return <CompareClayPage />
}
