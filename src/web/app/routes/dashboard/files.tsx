import { PAGE_TITLES } from '#common/messages'
import { PagePlaceholder } from '#web/components/page-placeholder'

export function FilesRoute() {
  return (
    <PagePlaceholder
      title={PAGE_TITLES.files}
      description="Your files and folders arrive with file storage."
    />
  )
}
