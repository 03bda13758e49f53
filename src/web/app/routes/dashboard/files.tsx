import { FileStorage } from '#web/features/uploads/components/file-storage'

export function FilesRoute() {
  return <FileStorage />
}
