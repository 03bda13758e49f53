import { LandingPage } from '#web/features/marketing/components/landing-page'

export function LandingRoute() {
  return <LandingPage />
}
