import { MarketingPagePlaceholder } from '#web/components/page-placeholder'

export function PrivacyRoute() {
  return (
    <MarketingPagePlaceholder
      title="Privacy Policy"
      description="The full privacy policy is being written and will be published here."
    />
  )
}
