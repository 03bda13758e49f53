import { PAGE_TITLES } from '#common/messages'
import { PagePlaceholder } from '#web/components/page-placeholder'

export function ProfileRoute() {
  return (
    <PagePlaceholder
      title={PAGE_TITLES.profile}
      description="Profile settings arrive with the profile feature."
    />
  )
}
