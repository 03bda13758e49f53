import { MarketingPagePlaceholder } from '#web/components/page-placeholder'

export function HelpRoute() {
  return (
    <MarketingPagePlaceholder
      title="Help Center"
      description="Guides for importing, enriching and exporting your lead lists arrive with the help center."
    />
  )
}
