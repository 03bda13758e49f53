import { toast } from 'sonner'

/** Until the importer lands, the upload actions say so instead of opening a dialog. */
export function announceUploadComingSoon() {
  toast.info('CSV upload arrives with the importer.', { id: 'upload-coming-soon' })
}
