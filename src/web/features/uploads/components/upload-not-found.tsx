import { FileQuestionIcon, UploadIcon } from 'lucide-react'
import { Link } from 'react-router'
import { DASHBOARD_MESSAGES, UPLOAD_DETAIL_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import { Card, CardContent } from '#web/components/ui/card'
import { useUploadDialog } from './upload-dialog-provider'

/** No such file for this user (001 §2 Upload detail: the empty state offers upload). */
export function UploadNotFound() {
  const { openUploadDialog } = useUploadDialog()

  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardContent className="flex flex-col items-center gap-4 py-8 text-center">
        <FileQuestionIcon className="size-10 text-muted-foreground" aria-hidden="true" />
        <div className="grid gap-1">
          <h1 className="text-xl font-semibold">{UPLOAD_DETAIL_MESSAGES.notFoundTitle}</h1>
          <p className="text-sm text-muted-foreground">{UPLOAD_DETAIL_MESSAGES.notFoundBody}</p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button asChild>
            <Link to="/dashboard/files">{UPLOAD_DETAIL_MESSAGES.goToFiles}</Link>
          </Button>
          <Button variant="outline" onClick={() => openUploadDialog()}>
            <UploadIcon aria-hidden="true" />
            {DASHBOARD_MESSAGES.uploadButton}
          </Button>
        </div>
      </CardContent>
    </Card>
  )
}
