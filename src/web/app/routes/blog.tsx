import { MarketingPagePlaceholder } from '#web/components/page-placeholder'

export function BlogRoute() {
  return (
    <MarketingPagePlaceholder
      title="Blog"
      description="Articles on lead enrichment and AI research arrive with the blog."
    />
  )
}
