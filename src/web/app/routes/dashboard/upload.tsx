import { useParams } from 'react-router'
import { PAGE_TITLES } from '#common/messages'
import { PagePlaceholder } from '#web/components/page-placeholder'

export function UploadRoute() {
  const { uploadId } = useParams()

  return (
    <PagePlaceholder
      title={PAGE_TITLES.upload}
      description="The table view of this file arrives with the uploads feature."
    >
      <p className="text-sm text-muted-foreground">
        File id: <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{uploadId}</code>
      </p>
    </PagePlaceholder>
  )
}
