import { RotateCcwIcon, Trash2Icon } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { FOLDER_MESSAGES, UPLOAD_DETAIL_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import { Spinner } from '#web/components/ui/spinner'
import { errorMessage } from '#web/lib/api-client'
import { useDeleteUpload } from '../api/delete-upload'
import { useRetryUpload } from '../api/retry-upload'
import { ConfirmDialog } from '#web/components/confirm-dialog'

/**
 * What a user can do with a file whose import failed or stopped (issue 10 item 8): import it
 * again from the stored file, or delete it. The server says when a retry is not possible (the
 * import is still running).
 */
export function UploadRecoveryActions({ upload }: { upload: { id: string; filename: string } }) {
  const navigate = useNavigate()
  const retry = useRetryUpload(upload.id)
  const remove = useDeleteUpload()
  const [isConfirming, setIsConfirming] = useState(false)

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="outline"
        disabled={retry.isPending}
        onClick={() =>
          retry.mutate(undefined, {
            onSuccess: () => toast.success(UPLOAD_DETAIL_MESSAGES.retryStarted),
            onError: (error) => toast.error(errorMessage(error, UPLOAD_DETAIL_MESSAGES.retryFailed)),
          })
        }
      >
        {retry.isPending ? <Spinner /> : <RotateCcwIcon aria-hidden="true" />}
        {UPLOAD_DETAIL_MESSAGES.retryImport}
      </Button>
      <Button size="sm" variant="outline" className="text-destructive" onClick={() => setIsConfirming(true)}>
        <Trash2Icon aria-hidden="true" />
        {UPLOAD_DETAIL_MESSAGES.deleteFile}
      </Button>
      {isConfirming && (
        <ConfirmDialog
          title={FOLDER_MESSAGES.deleteFileTitle(upload.filename)}
          description={FOLDER_MESSAGES.deleteFileBody}
          confirmLabel={FOLDER_MESSAGES.delete}
          isPending={remove.isPending}
          onClose={() => setIsConfirming(false)}
          onConfirm={() =>
            remove.mutate(upload, {
              onSuccess: (result) => {
                toast.success(FOLDER_MESSAGES.deleted(result.filename))
                void navigate('/dashboard/files')
              },
              onError: (error) => toast.error(errorMessage(error, FOLDER_MESSAGES.deleteFailed)),
            })
          }
        />
      )}
    </div>
  )
}
