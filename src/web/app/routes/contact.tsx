import { MarketingPagePlaceholder } from '#web/components/page-placeholder'

export function ContactRoute() {
  return (
    <MarketingPagePlaceholder
      title="Contact"
      description="The contact form arrives with its feature."
    />
  )
}
