import { Navigate, useParams } from 'react-router'
import { UploadGrid } from '#web/features/table/components/upload-grid'
import { UploadDetailView } from '#web/features/uploads/components/upload-detail'

export function UploadRoute() {
  const { uploadId } = useParams()
  if (!uploadId) return <Navigate to="/dashboard" replace />
  // A new id is a new screen: no rows, selection or live progress carried over from the previous file.
  return <UploadDetailView key={uploadId} uploadId={uploadId} renderRows={(upload) => <UploadGrid upload={upload} />} />
}
