import { MarketingPagePlaceholder } from '#web/components/page-placeholder'

export function TermsRoute() {
  return (
    <MarketingPagePlaceholder
      title="Terms of Service"
      description="The full terms of service are being written and will be published here."
    />
  )
}
