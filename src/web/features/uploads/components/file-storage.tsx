import { FolderPlusIcon, SearchIcon, SearchXIcon, UploadIcon } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { SEARCH } from '#common/constants'
import { DASHBOARD_MESSAGES, FILE_STORAGE_MESSAGES, FOLDER_MESSAGES, PAGE_TITLES, UPLOAD_MESSAGES } from '#common/messages'
import type { FolderSummary, WorkspaceSort } from '#common/schemas/folders'
import type { UploadListItem } from '#common/schemas/uploads'
import { SimplePager } from '#web/components/simple-pager'
import { Badge } from '#web/components/ui/badge'
import { Button } from '#web/components/ui/button'
import { Input } from '#web/components/ui/input'
import { Skeleton } from '#web/components/ui/skeleton'
import { useDebouncedValue } from '#web/hooks/use-debounced-value'
import { usePublicConfig } from '#web/lib/public-config'
import { useCreateFolder } from '../api/create-folder'
import { useDeleteFolder } from '../api/delete-folder'
import { useDeleteUpload } from '../api/delete-upload'
import { useFolders } from '../api/get-folders'
import { useUploads } from '../api/get-uploads'
import { useMoveUpload } from '../api/move-upload'
import { useRenameUpload } from '../api/rename-upload'
import { usePageFileDrop } from '../hooks/use-page-file-drop'
import { useWorkspaceLiveRefresh } from '../hooks/use-workspace-live-refresh'
import { checkUploadFile } from '../lib/file-validation'
import { describeRejectedFile } from '../lib/upload-outcome'
import { FileCardSkeleton } from './file-card-skeleton'
import { PageDropOverlay } from './page-drop-overlay'
import { ConfirmDialog } from '#web/components/confirm-dialog'
import { FolderCard } from './storage/folder-card'
import { MoveFileDialog } from './storage/move-file-dialog'
import { NameDialog } from './storage/name-dialog'
import { SortMenu } from './storage/sort-menu'
import { StorageFileCard } from './storage/storage-file-card'
import { useUploadDialog } from './upload-dialog-provider'

const FILES_PER_PAGE = 48

type OpenDialog =
  | { kind: 'createFolder' }
  | { kind: 'rename'; upload: UploadListItem }
  | { kind: 'move'; upload: UploadListItem }
  | { kind: 'deleteFile'; upload: UploadListItem }
  | { kind: 'deleteFolder'; folder: FolderSummary }

/** 'File Storage' (001 §2): folders and files, each sorted six ways, searched, moved and deleted. */
export function FileStorage() {
  const { openUploadDialog, isUploadDialogOpen } = useUploadDialog()
  const { data: config } = usePublicConfig()
  const [search, setSearch] = useState('')
  const q = useDebouncedValue(search.trim(), SEARCH.debounceMs)
  const [fileSort, setFileSort] = useState<WorkspaceSort>('updated_desc')
  const [folderSort, setFolderSort] = useState<WorkspaceSort>('updated_desc')
  const [page, setPage] = useState(1)
  const [dialog, setDialog] = useState<OpenDialog | null>(null)

  const uploads = useUploads({ page, perPage: FILES_PER_PAGE, q, sort: fileSort })
  const folders = useFolders({ q, sort: folderSort })
  const allFolders = useFolders({ sort: 'name_asc' })
  useWorkspaceLiveRefresh()

  const createFolder = useCreateFolder()
  const deleteFolder = useDeleteFolder()
  const deleteUpload = useDeleteUpload()
  const moveUpload = useMoveUpload()
  const renameUpload = useRenameUpload(dialog?.kind === 'rename' ? dialog.upload.id : '')

  const files = uploads.data?.data ?? []
  const folderList = folders.data ?? []
  const folderNames = new Map((allFolders.data ?? []).map((folder) => [folder.id, folder.name]))
  const isSearching = q !== ''
  const hasNothing = uploads.isSuccess && folders.isSuccess && files.length === 0 && folderList.length === 0
  const close = () => setDialog(null)

  function takeFile(file: File) {
    const check = checkUploadFile(file, config?.maxUploadMb)
    if (!check.ok) {
      const { title, description } = describeRejectedFile(check, 'page')
      toast.error(title, { description })
      return
    }
    openUploadDialog({ file })
  }

  const isDragging = usePageFileDrop({
    isEnabled: !isUploadDialogOpen,
    onFiles: (dropped) => {
      if (dropped.length > 1) toast.error(UPLOAD_MESSAGES.oneFileAtATime)
      else takeFile(dropped[0]!)
    },
  })

  function move(uploadId: string, folderId: string | null) {
    moveUpload.mutate(
      { uploadId, folderId },
      {
        onSuccess: () => {
          toast.success(FOLDER_MESSAGES.moved)
          close()
        },
        onError: () => toast.error(FOLDER_MESSAGES.moveFailed),
      },
    )
  }

  function removeFile(upload: UploadListItem) {
    close()
    deleteUpload.mutate(upload, {
      onSuccess: (result) => toast.success(FOLDER_MESSAGES.deleted(result.filename)),
      onError: () => toast.error(FOLDER_MESSAGES.deleteFailed),
    })
  }

  function removeFolder(folder: FolderSummary) {
    deleteFolder.mutate(folder.id, {
      onSuccess: () => {
        toast.success(FOLDER_MESSAGES.folderDeleted(folder.name))
        close()
      },
      onError: () => toast.error(FOLDER_MESSAGES.folderDeleteFailed),
    })
  }

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">{PAGE_TITLES.files}</h1>
          <p className="text-muted-foreground">Every lead list you uploaded. Drop a file anywhere to add one.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setDialog({ kind: 'createFolder' })}>
            <FolderPlusIcon aria-hidden="true" />
            {FOLDER_MESSAGES.createFolder}
          </Button>
          <Button onClick={() => openUploadDialog()}>
            <UploadIcon aria-hidden="true" />
            {FILE_STORAGE_MESSAGES.uploadFile}
          </Button>
        </div>
      </div>

      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value)
            setPage(1)
          }}
          placeholder={FOLDER_MESSAGES.searchPlaceholder}
          aria-label={FOLDER_MESSAGES.searchPlaceholder}
          className="pl-9"
        />
      </div>

      {hasNothing ? (
        <div className="flex flex-col items-center justify-center gap-2 rounded-xl border border-dashed px-4 py-12 text-center">
          {isSearching ? (
            <>
              <SearchXIcon className="size-8 text-muted-foreground" aria-hidden="true" />
              <p className="font-medium">{FOLDER_MESSAGES.noResults}</p>
              <p className="text-sm text-muted-foreground">Nothing matches “{q}”. Try another name.</p>
            </>
          ) : (
            <>
              <p className="font-medium">{DASHBOARD_MESSAGES.noFilesTitle}</p>
              <p className="text-sm text-muted-foreground">Upload a CSV or try the sample lead list to get started.</p>
              <div className="flex flex-wrap justify-center gap-2">
                <Button onClick={() => openUploadDialog()}>{DASHBOARD_MESSAGES.uploadFirstFile}</Button>
                <Button variant="outline" onClick={() => openUploadDialog({ sample: true })}>
                  {UPLOAD_MESSAGES.trySample}
                </Button>
              </div>
            </>
          )}
        </div>
      ) : (
        <>
          <section aria-labelledby="your-folders-heading" className="grid grid-cols-1 gap-3">
            <div className="flex items-center justify-between gap-2">
              <h2 id="your-folders-heading" className="text-lg font-semibold">
                {FOLDER_MESSAGES.yourFolders}
              </h2>
              <SortMenu label="Sort folders" value={folderSort} onChange={setFolderSort} />
            </div>
            {folders.isError && <LoadError message={FOLDER_MESSAGES.loadFoldersFailed} onRetry={() => void folders.refetch()} />}
            {folders.isPending && <Skeleton className="h-16 rounded-xl" />}
            {folders.isSuccess && folderList.length === 0 && (
              <p className="text-sm text-muted-foreground">{isSearching ? FOLDER_MESSAGES.noResults : 'No folders yet. Create one to group your files.'}</p>
            )}
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
              {folderList.map((folder) => (
                <FolderCard
                  key={folder.id}
                  folder={folder}
                  onDelete={() => setDialog({ kind: 'deleteFolder', folder })}
                  onDropFile={(uploadId) => {
                    const upload = files.find((file) => file.id === uploadId)
                    if (upload && upload.folderId !== folder.id) move(uploadId, folder.id)
                  }}
                />
              ))}
            </div>
          </section>

          <section aria-labelledby="your-files-heading" className="grid grid-cols-1 gap-3">
            <div className="flex items-center justify-between gap-2">
              <div className="flex items-center gap-2">
                <h2 id="your-files-heading" className="text-lg font-semibold">
                  {FILE_STORAGE_MESSAGES.yourFiles}
                </h2>
                {uploads.data && <Badge variant="secondary">{uploads.data.count.toLocaleString('en-US')}</Badge>}
              </div>
              <SortMenu label="Sort files" value={fileSort} onChange={setFileSort} />
            </div>
            {uploads.isError && <LoadError message={FILE_STORAGE_MESSAGES.loadFailed} onRetry={() => void uploads.refetch()} />}
            {uploads.isSuccess && files.length === 0 && (
              <p className="text-sm text-muted-foreground">{isSearching ? FOLDER_MESSAGES.noResults : DASHBOARD_MESSAGES.noFilesTitle}</p>
            )}
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4" aria-busy={uploads.isPending}>
              {uploads.isPending && Array.from({ length: 3 }, (_, index) => <FileCardSkeleton key={index} />)}
              {files.map((upload) => (
                <StorageFileCard
                  key={upload.id}
                  upload={upload}
                  folderName={upload.folderId ? (folderNames.get(upload.folderId) ?? null) : null}
                  onRename={() => setDialog({ kind: 'rename', upload })}
                  onMove={() => setDialog({ kind: 'move', upload })}
                  onDelete={() => setDialog({ kind: 'deleteFile', upload })}
                />
              ))}
            </div>
            <SimplePager label="Files pages" page={page} totalPages={uploads.data?.totalPages ?? 1} onPageChange={setPage} />
          </section>
        </>
      )}

      {dialog?.kind === 'createFolder' && (
        <NameDialog
          title={FOLDER_MESSAGES.createFolderTitle}
          description="Group related lead lists. Drag a file onto a folder to move it there."
          label={FOLDER_MESSAGES.folderNameLabel}
          placeholder={FOLDER_MESSAGES.folderNamePlaceholder}
          submitLabel={FOLDER_MESSAGES.createFolder}
          isPending={createFolder.isPending}
          onClose={close}
          onSubmit={(name) =>
            createFolder.mutate(
              { name },
              {
                onSuccess: () => {
                  toast.success(FOLDER_MESSAGES.folderCreated)
                  close()
                },
                onError: () => toast.error(FOLDER_MESSAGES.folderCreateFailed),
              },
            )
          }
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title={FOLDER_MESSAGES.renameFileTitle}
          description="The file's rows and columns stay as they are."
          label="File name"
          placeholder="Enter new filename"
          submitLabel={FOLDER_MESSAGES.renameFileSubmit}
          initialName={dialog.upload.filename}
          isPending={renameUpload.isPending}
          onClose={close}
          onSubmit={(filename) =>
            renameUpload.mutate(
              { filename },
              {
                onSuccess: () => {
                  toast.success(FOLDER_MESSAGES.renamed)
                  close()
                },
                onError: () => toast.error(FOLDER_MESSAGES.renameFailed),
              },
            )
          }
        />
      )}
      {dialog?.kind === 'move' && (
        <MoveFileDialog
          filename={dialog.upload.filename}
          currentFolderId={dialog.upload.folderId}
          folders={allFolders.data ?? []}
          isPending={moveUpload.isPending}
          onClose={close}
          onMove={(folderId) => move(dialog.upload.id, folderId)}
        />
      )}
      {dialog?.kind === 'deleteFile' && (
        <ConfirmDialog
          title={FOLDER_MESSAGES.deleteFileTitle(dialog.upload.filename)}
          description={FOLDER_MESSAGES.deleteFileBody}
          confirmLabel={FOLDER_MESSAGES.delete}
          isPending={false}
          onClose={close}
          onConfirm={() => removeFile(dialog.upload)}
        />
      )}
      {dialog?.kind === 'deleteFolder' && (
        <ConfirmDialog
          title={FOLDER_MESSAGES.deleteFolderTitle(dialog.folder.name)}
          description={FOLDER_MESSAGES.deleteFolderBody(dialog.folder.fileCount)}
          confirmLabel={FOLDER_MESSAGES.delete}
          isPending={deleteFolder.isPending}
          onClose={close}
          onConfirm={() => removeFolder(dialog.folder)}
        />
      )}

      {isDragging && <PageDropOverlay />}
    </div>
  )
}

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm">
      <span>{message}</span>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  )
}
