import { PAGE_TITLES } from '#common/messages'
import { PagePlaceholder } from '#web/components/page-placeholder'

export function AiFieldsRoute() {
  return (
    <PagePlaceholder
      title={PAGE_TITLES.aiFields}
      description="Your saved AI field templates arrive with the AI fields feature."
    />
  )
}
