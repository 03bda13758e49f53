import { PAGE_TITLES } from '#common/messages'
import { PagePlaceholder } from '#web/components/page-placeholder'

export function ApiSettingsRoute() {
  return (
    <PagePlaceholder
      title={PAGE_TITLES.apiSettings}
      description="Using your own AI search key arrives with the API keys feature."
    />
  )
}
