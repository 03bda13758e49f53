import { Navigate, useParams } from 'react-router'
import type { UploadDetail } from '#common/schemas/uploads'
import { useAiColumns } from '#web/features/ai-columns/hooks/use-ai-columns'
import { UploadGrid } from '#web/features/table/components/upload-grid'
import { UploadDetailView } from '#web/features/uploads/components/upload-detail'

export function UploadRoute() {
  const { uploadId } = useParams()
  if (!uploadId) return <Navigate to="/dashboard" replace />
  // A new id is a new screen: no rows, selection or live progress carried over from the previous file.
  return <UploadDetailView key={uploadId} uploadId={uploadId} renderRows={(upload) => <UploadRows upload={upload} />} />
}

/** The grid with the AI columns plugged into its slots (the two features do not know each other). */
function UploadRows({ upload }: { upload: UploadDetail }) {
  const ai = useAiColumns(upload)
  return (
    <>
      <UploadGrid upload={upload} extensions={ai.extensions} />
      {ai.dialogs}
    </>
  )
}
